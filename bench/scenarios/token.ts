import { request } from 'undici';

import type { Target } from '../measure';

/** One client-credentials token for the plain undici baselines. */
export async function fetchToken(
	target: Target,
	scope = 'svcapiv3 reportingapiv1',
): Promise<string> {
	const answer = await request(`${target.identity}/connect/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			grant_type: 'client_credentials',
			client_id: target.clientId,
			client_secret: target.clientSecret,
			scope,
		}).toString(),
	});
	return ((await answer.body.json()) as { access_token: string }).access_token;
}

/** Warm-up of the undici baselines: a token and one small page, so neither is in the timed run. */
export async function warmUpExtraction(target: Target): Promise<void> {
	const token = await fetchToken(target);
	const answer = await request(`${target.extraction}/v1/time-registrations?ChunkLimit=10`, {
		headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
	});
	await answer.body.json();
}

/** The undici baselines' Return All: every page of time registrations, each handed to `onPage`; answers the request count. */
export async function eachTimeRegistrationPage(
	target: Target,
	onPage: (records: unknown[]) => void,
): Promise<number> {
	const token = await fetchToken(target);
	let continuation = '';
	let requests = 0;
	do {
		const url = `${target.extraction}/v1/time-registrations${continuation ? `?ContinuationToken=${encodeURIComponent(continuation)}` : ''}`;
		const answer = await request(url, {
			headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
		});
		requests++;
		if (answer.statusCode !== 200) throw new Error(`HTTP ${answer.statusCode}`);
		const page = (await answer.body.json()) as { data: unknown[]; continuationToken?: string };
		onPage(page.data);
		continuation = page.continuationToken ?? '';
	} while (continuation);
	return requests;
}
