import { request } from 'undici';

import { DEMO, type Emulator } from '../emulator';

export interface HttpAnswer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
	text: string;
}

/** A plain HTTP call with undici, for contract tests that pin the emulator's behaviour. */
export async function call(
	method: string,
	url: string,
	options: {
		token?: string;
		body?: unknown;
		form?: Record<string, string>;
		headers?: Record<string, string>;
	} = {},
): Promise<HttpAnswer> {
	const headers: Record<string, string> = { ...(options.headers ?? {}) };
	let body: string | undefined;
	if (options.token) headers.authorization = `Bearer ${options.token}`;
	if (options.form) {
		headers['content-type'] = 'application/x-www-form-urlencoded';
		body = new URLSearchParams(options.form).toString();
	} else if (options.body !== undefined) {
		headers['content-type'] = 'application/json';
		body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
	}
	const res = await request(url, { method: method as 'GET', headers, body });
	const text = await res.body.text();
	let parsed: unknown = text;
	try {
		parsed = text ? JSON.parse(text) : undefined;
	} catch {
		// not JSON
	}
	return { status: res.statusCode, headers: res.headers, body: parsed, text };
}

/** A token for a demo client, straight from the emulator's token issuer. */
export async function tokenFor(
	emulator: Emulator,
	client: { clientId: string; clientSecret: string } = DEMO.clients.admin,
	scope = 'svcapiv3 reportingapiv1',
): Promise<string> {
	const res = await call('POST', `${emulator.urls.identity}/connect/token`, {
		form: {
			grant_type: 'client_credentials',
			client_id: client.clientId,
			client_secret: client.clientSecret,
			scope,
		},
	});
	if (res.status !== 200) throw new Error(`token request failed: ${res.text}`);
	return (res.body as { access_token: string }).access_token;
}
