import { plural } from '../plural';

/** Whether and when a failed page request is asked again: backoff, or the service's Retry-After. */

export interface RetryPolicy {
	/** Attempts per page, the first included (default 4). */
	attempts?: number;
	/** Delay before the first retry in ms (default 1000), doubled each time up to 15 s or itself. */
	delayMs?: number;
}

/** Wait and ask again, or stop and say why after "page n" (`final`: not worth asking again). */
export type RetryDecision = { waitMs: number } | { reason: string; final?: true };

const MAX_DELAY_MS = 15_000;
const TRANSIENT_STATUS = new Set(['500', '502', '503', '504']);
const TRANSIENT_CODE =
	/ECONNRESET|ETIMEDOUT|ECONNABORTED|ESOCKETTIMEDOUT|EPIPE|UND_ERR_SOCKET|socket hang up|timeout/i;

/** After attempt `attempt` (1: the first) failed. A 429 asking to wait past the request timeout fails the run. */
export function decideRetry(
	error: unknown,
	attempt: number,
	policy: RetryPolicy | undefined,
	timeoutMs = Infinity,
): RetryDecision {
	const delayMs = Math.max(0, policy?.delayMs ?? 1000);
	const backoff = Math.min(Math.max(delayMs, MAX_DELAY_MS), delayMs * 2 ** (attempt - 1));
	const last = attempt >= Math.max(1, Math.floor(policy?.attempts ?? 4));
	const tries = plural(attempt, 'attempt');
	const asked = retryAfterOf(error);
	if (httpStatus(error) === '429') {
		const wait = asked ?? backoff;
		const limited = 'was rate limited (HTTP 429)';
		if (last) return { reason: `${limited} after ${tries}` };
		if (wait > timeoutMs) {
			const seconds = Math.ceil(wait / 1000);
			return { reason: `${limited}, asked to wait ${seconds} s, longer than the request timeout` };
		}
		return { waitMs: wait };
	}
	if (!isTransient(error)) return { reason: 'failed', final: true };
	if (last) return { reason: `still failed after ${tries}` };
	// A 503's Retry-After is waited out too, never less than the backoff.
	return { waitMs: Math.max(backoff, asked ?? 0) };
}

export function isTransient(error: unknown): boolean {
	if (TRANSIENT_STATUS.has(httpStatus(error))) return true;
	const e = (error ?? {}) as {
		errorResponse?: { code?: unknown };
		cause?: { code?: unknown };
		message?: string;
	};
	const code = e.errorResponse?.code ?? e.cause?.code;
	return [code, e.message].some((text) => TRANSIENT_CODE.test(String(text ?? '')));
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
