/* Return All over every time registration: a plain undici loop making the same requests (the floor). */
import { request } from 'undici';

import { report, targetFromEnv } from '../measure';
import { fetchToken, warmUpExtraction } from './token';

const target = targetFromEnv();

void report(async () => {
	const token = await fetchToken(target);
	const records: unknown[] = [];
	let continuation = '';
	let requests = 0;
	do {
		const url = `${target.extraction}/v1/time-registrations${continuation ? `?ContinuationToken=${encodeURIComponent(continuation)}` : ''}`;
		const answer = await request(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
		requests++;
		if (answer.statusCode !== 200) throw new Error(`HTTP ${answer.statusCode}`);
		const page = (await answer.body.json()) as { data: unknown[]; continuationToken?: string };
		for (const record of page.data) records.push(record);
		continuation = page.continuationToken ?? '';
	} while (continuation);
	return { records: records.length, requests };
}, () => warmUpExtraction(target));
