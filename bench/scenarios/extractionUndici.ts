/* Return All over every time registration: a plain undici loop making the same requests (the floor). */
import { report, targetFromEnv } from '../measure';
import { eachTimeRegistrationPage, warmUpExtraction } from './token';

const target = targetFromEnv();

void report(
	async () => {
		const records: unknown[] = [];
		const requests = await eachTimeRegistrationPage(target, (page) => {
			for (const record of page) records.push(record);
		});
		return { records: records.length, requests };
	},
	() => warmUpExtraction(target),
);
