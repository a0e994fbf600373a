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
