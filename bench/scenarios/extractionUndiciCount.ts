/* Return All over every time registration: a plain undici loop that parses each page and keeps nothing (the floor for File output). */
import { report, targetFromEnv } from '../measure';
import { eachTimeRegistrationPage, warmUpExtraction } from './token';

const target = targetFromEnv();

void report(
	async () => {
		let records = 0;
		const requests = await eachTimeRegistrationPage(target, (page) => {
			records += page.length;
		});
		return { records, requests };
	},
	() => warmUpExtraction(target),
);
