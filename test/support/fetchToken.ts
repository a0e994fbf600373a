import { request } from 'undici';

import { DEMO, type Emulator } from '../emulator';

/** A token for a demo client straight from the emulator's issuer (for contract tests driving the emulator with undici). */
export async function fetchToken(
	emulator: Emulator,
	client: { clientId: string; clientSecret: string },
	scope = `${DEMO.scopes.integration} ${DEMO.scopes.extraction}`,
): Promise<string> {
	const res = await request(`${emulator.urls.identity}/connect/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			grant_type: 'client_credentials',
			client_id: client.clientId,
			client_secret: client.clientSecret,
			scope,
		}).toString(),
	});
	const body = (await res.body.json()) as { access_token: string };
	return body.access_token;
}

/**
 * fetchToken once per emulator, client and scope (the integration scope unless given), for tests
 * that call the emulator many times; a token the emulator no longer knows is fetched again.
 */
export function tokenCache() {
	const tokens = new Map<string, string>();
	return async (
		emulator: Emulator,
		client: { clientId: string; clientSecret: string } = DEMO.clients.admin,
		scope: string = DEMO.scopes.integration,
	): Promise<string> => {
		const key = `${emulator.urls.origin} ${client.clientId} ${scope}`;
		const known = tokens.get(key);
		if (known && emulator.ctx.clients.resolve(known)) return known;
		const token = await fetchToken(emulator, client, scope);
		tokens.set(key, token);
		return token;
	};
}
