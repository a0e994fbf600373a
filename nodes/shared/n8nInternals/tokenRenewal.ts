/**
 * Relies on: n8n's request helpers (n8n-core's `httpRequestWithAuthentication` and
 * `requestWithAuthentication`, which the routing engine and the HTTP Request node use) call the
 * credential's `preAuthentication` for a new token and repeat the request once when the request
 * fails with a 401, read from the error's `response.status`, also when the credential's
 * `authenticate` threw it (`httpCode` for n8n's error messages); n8n has no public
 * way for a credential's `authenticate` to ask for a renewal. A stored token past its renewal time
 * is never sent: `authenticate` throws this error, which looks like the 401 the service would
 * answer, so n8n renews on every path; the HTTP Request node's pagination would otherwise keep
 * sending the expired token (it reads a 401 page as an answer and never refreshes).
 * Every other status comes back as an answer for the node's own errors: `IGNORE_ALL_BUT_401`, an
 * `ignoreHttpStatusErrors` that n8n-workflow 2.x types (`IgnoreStatusErrorConfig`). n8n 1.x
 * (n8n-core 1.122.48 in 1.123.81) reads any truthy value as "ignore all", so there a 401 the
 * service answers comes back as an answer and fails without a renewal; the renewal before expiry
 * (the thrown error) works there too.
 * Proven on n8n 2.41.1 (test/nodes/shared/n8nInternals/tokenRenewal.test.ts and
 * test/credentials/ through n8n-core, the e2e suite).
 */
export function tokenExpired(): Error {
	return Object.assign(new Error('The stored Workforce token has expired; a new one is fetched.'), {
		httpCode: '401',
		response: { status: 401 },
	});
}

/** For `ignoreHttpStatusErrors`: a 401 still throws, so n8n renews the token and sends once more. */
export const IGNORE_ALL_BUT_401 = { ignore: true as const, except: [401] };
