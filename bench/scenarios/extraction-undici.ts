/* Return All over every time registration: a plain undici loop making the same requests (the floor). */
import { request } from 'undici';

import { report, targetFromEnv } from '../measure';

void report(async () => {
	const target = targetFromEnv();
	const tokenAnswer = await request(`${target.identity}/connect/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ grant_type: 'client_credentials', client_id: target.clientId, client_secret: target.clientSecret, scope: 'svcapiv3 reportingapiv1' }).toString(),
	});
	const { access_token: token } = (await tokenAnswer.body.json()) as { access_token: string };
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
});
