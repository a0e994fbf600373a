import { request } from 'undici';

import type { Target } from '../measure';

/** One client-credentials token for the plain undici baselines. */
export async function fetchToken(target: Target, scope = 'svcapiv3 reportingapiv1'): Promise<string> {
	const answer = await request(`${target.identity}/connect/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ grant_type: 'client_credentials', client_id: target.clientId, client_secret: target.clientSecret, scope }).toString(),
	});
	return ((await answer.body.json()) as { access_token: string }).access_token;
}

/** Warm-up of the undici baselines: a token and one small page, so neither is in the timed run. */
export async function warmUpExtraction(target: Target): Promise<void> {
	const token = await fetchToken(target);
	const answer = await request(`${target.extraction}/v1/time-registrations?ChunkLimit=10`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
	await answer.body.json();
}
