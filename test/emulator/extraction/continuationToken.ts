import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

import { validationError } from '../core/apiError';

/**
 * Opaque continuation tokens the emulator can verify: base64url(JSON position) + "." + HMAC.
 * The token also carries a hash of the endpoint and every other query parameter, so a token
 * that is malformed, altered, or sent with different parameters answers 400, as a client that
 * parses or edits tokens, or changes the filter mid-loop, would deserve.
 */

export interface TokenPayload {
	/** Position inside the ordered records; its meaning belongs to the endpoint. */
	p: unknown;
	/** Page number of the page this token fetches. */
	n: number;
	/** Filter hash. */
	f?: string;
	/** Mode the token was issued in: 'f' full (no ModifiedSince), 'i' incremental. */
	m?: 'f' | 'i';
	[extra: string]: unknown;
}

/** Hash of the endpoint and every query parameter except ContinuationToken (names case-insensitive, order kept per name). */
export function filterHash(endpoint: string, query: URLSearchParams): string {
	const pairs: string[] = [];
	for (const [k, v] of query)
		if (k.toLowerCase() !== 'continuationtoken') pairs.push(`${k.toLowerCase()}=${v}`);
	const stable = pairs
		.map((p, i) => [p, i] as const)
		.sort((a, b) =>
			a[0].split('=')[0] < b[0].split('=')[0]
				? -1
				: a[0].split('=')[0] > b[0].split('=')[0]
					? 1
					: a[1] - b[1],
		);
	return createHash('sha256')
		.update(endpoint + '?' + stable.map((s) => s[0]).join('&'))
		.digest('base64url')
		.slice(0, 22);
}

export function signToken(secret: string, payload: TokenPayload): string {
	const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
	return `${body}.${mac(secret, body)}`;
}

/**
 * The 400 for a token of the other sync mode (behaviour notes: a full-sync token is a position in
 * another order than an incremental one, so the two are never mixed). Checked before the rest of
 * the query, so the answer names the real cause rather than "a different query".
 */
export function tokenModeMismatch(tokenMode: 'f' | 'i'): ReturnType<typeof validationError> {
	const [was, now] =
		tokenMode === 'i'
			? ['an incremental sync (with ModifiedSince)', 'a full sync (no ModifiedSince)']
			: ['a full sync (no ModifiedSince)', 'an incremental sync (with ModifiedSince)'];
	return validationError(
		'ContinuationToken',
		`The continuation token was issued by ${was} and cannot continue ${now}: the two modes page in different orders. Start this sync again without a token, and never mix tokens of full and incremental syncs.`,
		'ContinuationTokenModeMismatch',
	);
}

/** The payload of a token this emulator issued for exactly this query (and `mode`, when given); 400 otherwise. */
export function verifyToken(
	secret: string,
	token: string,
	hash: string,
	mode?: 'f' | 'i',
): TokenPayload {
	const [body, signature, ...rest] = token.split('.');
	const expected = body ? mac(secret, body) : '';
	if (
		!body ||
		!signature ||
		rest.length ||
		signature.length !== expected.length ||
		!timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
	) {
		throw validationError(
			'ContinuationToken',
			'The continuation token is malformed or was altered. Send it exactly as received, or start again without it.',
			'InvalidContinuationToken',
		);
	}
	const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
	if (mode !== undefined && payload.m !== undefined && payload.m !== mode)
		throw tokenModeMismatch(payload.m);
	if (payload.f !== hash) {
		throw validationError(
			'ContinuationToken',
			'The continuation token belongs to a different query. Resend every other parameter exactly as on the first page, or start again without a token.',
			'ContinuationTokenQueryMismatch',
		);
	}
	return payload;
}

function mac(secret: string, body: string): string {
	return createHmac('sha256', secret).update(body).digest('base64url').slice(0, 32);
}
