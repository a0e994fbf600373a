/** Whether and when a failed page request is asked again: backoff, or the service's Retry-After. */

export interface RetryPolicy {
	/** Attempts per page, the first included (default 4). */
	attempts?: number;
	/** Delay before the first retry in ms, doubled each time (default 1000). */
	delayMs?: number;
	/** Upper bound of one delay in ms (default 15000). */
	maxDelayMs?: number;
}

export type RetryDecision =
	| { retry: true; waitMs: number }
	| { retry: false; kind: 'rateLimited'; reason: string }
	| { retry: false; kind: 'transient' | 'final' };

const TRANSIENT_STATUS = new Set(['500', '502', '503', '504']);
const TRANSIENT_CODE =
	/ECONNRESET|ETIMEDOUT|ECONNABORTED|ESOCKETTIMEDOUT|EPIPE|UND_ERR_SOCKET|socket hang up|timeout/i;

/** After attempt `attempt` (1: the first) failed. A 429 asking to wait past the request timeout fails the run. */
export function decideRetry(
	error: unknown,
	attempt: number,
	policy: RetryPolicy | undefined,
	timeoutMs?: number,
): RetryDecision {
	const attempts = Math.max(1, Math.floor(policy?.attempts ?? 4));
	const delayMs = Math.max(0, policy?.delayMs ?? 1000);
	const maxDelayMs = Math.max(delayMs, policy?.maxDelayMs ?? 15_000);
	const backoff = Math.min(maxDelayMs, delayMs * 2 ** (attempt - 1));
	if (httpStatus(error) === '429') {
		const wait = retryAfterOf(error) ?? backoff;
		if (attempt < attempts && wait <= (timeoutMs ?? Infinity)) return { retry: true, waitMs: wait };
		return {
			retry: false,
			kind: 'rateLimited',
			reason:
				attempt < attempts
					? `, asked to wait ${Math.ceil(wait / 1000)} s, longer than the request timeout`
					: ` after ${attempt} attempt${attempt === 1 ? '' : 's'}`,
		};
	}
	const transient = isTransient(error);
	if (transient && attempt < attempts) {
		// A 503's Retry-After is waited out too, never less than the backoff.
		const asked = retryAfterOf(error);
		return { retry: true, waitMs: asked === null ? backoff : Math.max(backoff, asked) };
	}
	return { retry: false, kind: transient ? 'transient' : 'final' };
}

/** 429 or 503: the signal to send fewer requests at once. */
export function isPushback(error: unknown): boolean {
	const status = httpStatus(error);
	return status === '429' || status === '503';
}

/** 500/502/503/504, a timeout or a dropped connection. */
export function isTransient(error: unknown): boolean {
	const e = error as {
		httpCode?: string | null;
		errorResponse?: { code?: unknown };
		cause?: { code?: unknown };
		message?: string;
	};
	if (e?.httpCode && TRANSIENT_STATUS.has(String(e.httpCode))) return true;
	const code = String(e?.errorResponse?.code ?? e?.cause?.code ?? '');
	return TRANSIENT_CODE.test(code) || TRANSIENT_CODE.test(String(e?.message ?? ''));
}

export function httpStatus(error: unknown): string {
	return String((error as { httpCode?: string | null } | undefined)?.httpCode ?? '');
}

/** The Retry-After the transport read from the answer (ms), or null. */
export function retryAfterOf(error: unknown): number | null {
	const ms = (error as { context?: { retryAfterMs?: number | null } } | undefined)?.context
		?.retryAfterMs;
	return typeof ms === 'number' ? ms : null;
}
