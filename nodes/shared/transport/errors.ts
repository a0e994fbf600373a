import { NodeApiError, type INode, type JsonObject } from 'n8n-workflow';

import { CREDENTIAL } from '../credentialType';
import { plural } from '../plural';
import { adviceForCodes } from './codeAdvice';
import { redact } from './redact';

interface ServiceErrorItem {
	category?: string;
	code?: string;
	field?: string;
	message?: string;
}

/** A not-found's own words: what was looked up, how, and the fix (see pickerHints.ts). */
export interface NotFound {
	what?: string;
	advice: string;
}

/** What to do about each status, shown as the error's description. */
const ADVICE: Record<number, string> = {
	400: 'Correct the field(s) named above and run the node again.',
	403: "The API client's company has no access to this project or company. Use ids from your own company structure.",
	404: 'Nothing with that id or number exists in your company. Check the id, or pick the record from the list.',
	409: 'The data changed while the request ran. Reload the record and try again; do not retry blindly.',
	413: 'The request is larger than the service accepts (30,000,000 bytes per request). Send fewer or smaller files per request.',
};

/** A 401 comes back only after the request was sent once more with a new token: names the credential. */
function unauthorizedAdvice(node: INode): string {
	const name = node.credentials?.[CREDENTIAL]?.name;
	return `The service refused the token even after a fresh one was fetched. Check the Workforce API credential${name ? ` "${name}"` : ''}: its Scopes must cover this API (the integration scope for /api, reportingapiv1 for data extraction) and its API client must be enabled.`;
}

/**
 * How long a 429's Retry-After asks to wait, in ms: delta-seconds or an HTTP-date (RFC 9110);
 * undefined when absent or unreadable. A date in the past means "now".
 */
export function retryAfterMs(
	headers: Record<string, unknown> | undefined,
	now = Date.now(),
): number | undefined {
	const raw = headers?.['retry-after'] ?? headers?.['Retry-After'];
	const text = String(Array.isArray(raw) ? raw[0] : (raw ?? '')).trim();
	if (text === '') return undefined;
	if (/^\d+$/.test(text)) return Number(text) * 1000;
	const at = Date.parse(text);
	return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** What a 429 tells the user: when to try again, from Retry-After when the service sent one. */
function rateLimitAdvice(waitMs: number | undefined, now = Date.now()): string {
	if (waitMs === undefined) {
		return 'The service is rate limiting this client and did not say for how long. Try again in a minute or so, and space requests out (node settings: Retry On Fail with a wait of a few seconds, or batching).';
	}
	return `The service is rate limiting this client: try again in ${plural(Math.ceil(waitMs / 1000), 'second')} (after ${new Date(now + waitMs).toISOString()}), and space requests out (node settings: Retry On Fail with Wait Between Tries of at least that long, or batching).`;
}

/**
 * Turns an error answer of the service into an n8n error whose message names the offending
 * fields (the standard body `{ message, errors: [{ category, code, field, message }] }`).
 * Built from the status and body only, so no request header can leak into it; a body that echoes
 * the token or secret (`context.secrets`, and anything shaped like a bearer header) is redacted.
 */
export function serviceError(
	node: INode,
	statusCode: number,
	body: unknown,
	context: {
		what?: string;
		itemIndex?: number;
		secrets?: string[];
		headers?: Record<string, unknown>;
		/** For a 404: what was looked up (when `what` is not given) and what to do instead. */
		notFound?: NotFound;
	} = {},
): NodeApiError {
	const notFound = statusCode === 404 ? context.notFound : undefined;
	const retryAfter =
		statusCode === 429 || statusCode === 503 ? retryAfterMs(context.headers) : undefined;
	const parsed = redact(parseBody(body), context.secrets);
	const items: ServiceErrorItem[] = Array.isArray(parsed.errors)
		? (parsed.errors as ServiceErrorItem[])
		: [];
	const detail = items
		.map((e) => {
			const code = e.code && e.code !== 'ValidationError' ? ` [${e.code}]` : '';
			return e.field ? `${e.field}: ${e.message ?? 'invalid'}${code}` : `${e.message ?? ''}${code}`;
		})
		.filter((s) => s.trim() !== '')
		.join('; ');
	const oauth =
		typeof parsed.error === 'string'
			? `${parsed.error}${parsed.error_description ? `: ${String(parsed.error_description)}` : ''}`
			: '';
	const base =
		typeof parsed.message === 'string' && parsed.message !== ''
			? parsed.message
			: `HTTP ${statusCode}`;
	const prefix = context.what
		? `${context.what} failed`
		: (notFound?.what ?? 'The Workforce service refused the request');
	const message = `${prefix} (HTTP ${statusCode}): ${detail || oauth || base}`;
	const codeAdvice = adviceForCodes(items.map((e) => e.code));
	const advice =
		statusCode === 429
			? rateLimitAdvice(retryAfter)
			: (notFound?.advice ??
				codeAdvice ??
				(statusCode === 401 ? unauthorizedAdvice(node) : ADVICE[statusCode]) ??
				(statusCode >= 500
					? 'The service failed unexpectedly. Retry later (node settings: Retry On Fail).'
					: undefined));
	const error = new NodeApiError(
		node,
		{ message, httpCode: String(statusCode), body: parsed } as unknown as JsonObject,
		{
			message,
			description: [detail && base !== detail ? base : '', advice].filter(Boolean).join(' '),
			httpCode: String(statusCode),
			itemIndex: context.itemIndex,
		},
	);
	error.context.data = parsed;
	// Kept for callers that wrap this error in their own (the paginator) and must not lose the fix.
	if (codeAdvice) error.context.codeAdvice = codeAdvice;
	// Read by the page loop's retry policy, which waits this long before asking again (429, and 503 when overloaded).
	if (statusCode === 429 || statusCode === 503) error.context.retryAfterMs = retryAfter ?? null;
	return error;
}

/**
 * A 3xx answer. Authenticated requests never follow redirects: n8n's HTTP client would resend
 * the Authorization header to whatever origin the Location names.
 */
export function redirectError(
	node: INode,
	statusCode: number,
	headers: Record<string, unknown> | undefined,
	context: { what?: string; itemIndex?: number } = {},
): NodeApiError {
	let target = 'another address';
	try {
		target = new URL(String(headers?.location ?? '')).origin;
	} catch {
		// no or relative Location: keep the generic words
	}
	const message = `${context.what ? `${context.what} failed: the service` : 'The Workforce service'} answered with a redirect (HTTP ${statusCode}) to ${target}`;
	return new NodeApiError(node, { message, httpCode: String(statusCode) } as JsonObject, {
		message,
		description:
			'Redirects are not followed, so the Workforce token is never sent anywhere but the configured bases. Check the Integration API Base URL (and Data Extraction API Base URL) in the Workforce API credential: http vs https, host and trailing path.',
		httpCode: String(statusCode),
		itemIndex: context.itemIndex,
	});
}

export function parseBody(body: unknown): Record<string, unknown> {
	if (Buffer.isBuffer(body)) return parseBody(body.toString('utf8'));
	if (typeof body === 'string') {
		if (body.trim() === '') return {};
		try {
			return parseBody(JSON.parse(body));
		} catch {
			return { message: body.slice(0, 500) };
		}
	}
	return body && typeof body === 'object' && !Array.isArray(body)
		? (body as Record<string, unknown>)
		: {};
}

/**
 * A NodeApiError that keeps the message it is given. NodeApiError swaps any message that comes
 * with a network code (ECONNRESET, ...) for a generic text, which would hide which operation
 * failed and how far it got.
 */
export function errorWithOwnMessage(
	node: INode,
	errorResponse: JsonObject,
	options: NonNullable<ConstructorParameters<typeof NodeApiError>[2]> & { message: string },
): NodeApiError {
	const error = new NodeApiError(node, errorResponse, options);
	error.message = options.message;
	return error;
}
