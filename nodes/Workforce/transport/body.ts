import { sleep } from 'n8n-workflow';

/** Reading a response body that n8n handed over as a stream. */

const IDLE: unique symbol = Symbol('idle');

/** How long a body may pause when the caller sets no timeout (n8n's own timeout ends with the headers). */
export const BODY_IDLE_MS = 120_000;

/**
 * The body as text, decoded chunk by chunk as it arrives. Joining the bytes first would leave a
 * second buffer of the page's size behind; buffers are memory outside V8's heap, and enough of
 * them brings a full garbage collection forward, which with 200,000 records in memory is costly.
 * n8n's request timeout ends when the headers arrive, so a body that stops coming for `idleMs`
 * fails here (code ETIMEDOUT, which callers treat as transient).
 */
export async function readText(body: unknown, idleMs: number = BODY_IDLE_MS): Promise<string> {
	if (typeof body === 'string') return body;
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	if (typeof (body as AsyncIterable<unknown> | undefined)?.[Symbol.asyncIterator] !== 'function') return '';
	const stream = body as AsyncIterable<Uint8Array | string> & { destroy?: () => void };
	const chunks = stream[Symbol.asyncIterator]();
	const decoder = new TextDecoder('utf-8');
	let text = '';
	for (;;) {
		const next = await withinIdleLimit(chunks.next(), idleMs);
		if (next === IDLE) {
			stream.destroy?.();
			throw Object.assign(new Error(`the answer stopped arriving for ${idleMs} ms`), { code: 'ETIMEDOUT' });
		}
		if (next.done) break;
		text += typeof next.value === 'string' ? next.value : decoder.decode(next.value, { stream: true });
	}
	return text + decoder.decode();
}

async function withinIdleLimit<T>(next: Promise<T>, idleMs: number): Promise<T | typeof IDLE> {
	if (!Number.isFinite(idleMs) || idleMs <= 0) return await next;
	const stop = new AbortController();
	try {
		return await Promise.race([next, sleep(idleMs, stop.signal).then((): typeof IDLE => IDLE, (): typeof IDLE => IDLE)]);
	} finally {
		stop.abort();
	}
}
