/* Return All over every time registration: a plain undici loop that parses each page and keeps nothing (the floor for File output). */
import { request } from 'undici';

import { report, targetFromEnv } from '../measure';
import { fetchToken, warmUpExtraction } from './token';

const target = targetFromEnv();

void report(async () => {
	const token = await fetchToken(target);
	let records = 0;
	let continuation = '';
	let requests = 0;
	do {
		const url = `${target.extraction}/v1/time-registrations${continuation ? `?ContinuationToken=${encodeURIComponent(continuation)}` : ''}`;
		const answer = await request(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
		requests++;
		if (answer.statusCode !== 200) throw new Error(`HTTP ${answer.statusCode}`);
		const page = (await answer.body.json()) as { data: unknown[]; continuationToken?: string };
		records += page.data.length;
		continuation = page.continuationToken ?? '';
	} while (continuation);
	return { records, requests };
}, () => warmUpExtraction(target));
