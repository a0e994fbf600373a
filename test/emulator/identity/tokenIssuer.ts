import { ApiError } from '../core/apiError';
import type { EmuRequest, EmuResponse } from '../core/router';
import type { Clients } from './clients';

/** POST {identity_url}/connect/token: OAuth 2.0 client credentials (RFC 6749 section 4.4). */
export async function issueToken(req: EmuRequest, clients: Clients): Promise<EmuResponse> {
	const contentType = String(req.headers['content-type'] ?? '');
	if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
		throw oauthError(
			400,
			'invalid_request',
			'The request must be application/x-www-form-urlencoded.',
		);
	}
	const form = new URLSearchParams((await req.buffer()).toString('utf8'));
	// The log keeps what a test may assert on, never the secret.
	req.logBody({
		grant_type: form.get('grant_type'),
		client_id: form.get('client_id'),
		scope: form.get('scope'),
	});
	if (form.get('grant_type') !== 'client_credentials') {
		throw oauthError(400, 'unsupported_grant_type', 'Only client_credentials is supported.');
	}
	let clientId = form.get('client_id') ?? '';
	let clientSecret = form.get('client_secret') ?? '';
	// RFC 6749 also allows HTTP Basic client authentication.
	const basic = /^Basic\s+(.+)$/i.exec(String(req.headers.authorization ?? ''));
	if (basic) {
		const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
		clientId = decodeURIComponent(id ?? '');
		clientSecret = decodeURIComponent(secret ?? '');
	}
	const client = clients.get(clientId);
	if (!client || client.clientSecret !== clientSecret || client.disabled) {
		throw oauthError(400, 'invalid_client', 'Client authentication failed.');
	}
	const requested = (form.get('scope') ?? '').split(/\s+/).filter(Boolean);
	const scopes = requested.length ? requested : client.grantedScopes;
	const missing = scopes.filter((s) => !client.grantedScopes.includes(s));
	if (missing.length) {
		throw oauthError(
			400,
			'invalid_scope',
			`The client is not allowed scope(s): ${missing.join(' ')}.`,
		);
	}
	const issued = clients.issue(client, scopes);
	return {
		status: 200,
		headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
		body: {
			access_token: issued.token,
			expires_in: client.tokenLifetimeSeconds,
			token_type: 'Bearer',
			scope: scopes.join(' '),
		},
	};
}

function oauthError(status: number, error: string, description: string): ApiError {
	return new ApiError(
		status,
		{ error, error_description: description },
		{ 'cache-control': 'no-store' },
	);
}
