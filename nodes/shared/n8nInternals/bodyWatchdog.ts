import { sleep } from 'n8n-workflow';

/**
 * Relies on: n8n's request helper (n8n-core's `httpRequestWithAuthentication`, `encoding: 'stream'`)
 * hands the body over once the headers have come and promises nothing about its pauses: without a
 * `timeout` n8n-core bounds none (n8n's server sets axios's default, 300 s), and with one, a quiet
 * body is cut as `aborted` (ECONNRESET) on 2.41.1 rather than timed out. The node needs each page's
 * pauses bounded with an ETIMEDOUT it retries, so the body has this watchdog. n8n's
 * `binaryToBuffer` helper has an idle timer but joins a whole body into one Buffer. The watchdog
 * sleeps with n8n-workflow's `sleep`, which takes an AbortSignal on 2.x and ignores it on 1.x
 * (n8n-workflow 1.120.31 in n8n 1.123.81): there a finished body's watchdog ends at its next wake.
 * Proven on n8n 2.41.1 (test/nodes/shared/n8nInternals/bodyWatchdog.test.ts through n8n-core).
 */

/** How long a body may pause when the caller sets no timeout. */
export const BODY_IDLE_MS = 120_000;

const WATCH_STEPS = 4;

/** Made once: an abort without a reason makes a DOMException (a stack trace) each time. */
const FINISHED = new Error('the answer is complete');

/**
 * Every chunk of a body (a string or Buffer is one). One watchdog per body, not a timer per chunk:
 * it fails (ETIMEDOUT) once no chunk has arrived for 1 to 1.25 times `idleMs`, counted in quarters
 * by the count of chunks, not the clock (which may step, or be a test's).
 */
export async function eachChunk(
	body: unknown,
	idleMs: number,
	onChunk: (chunk: Uint8Array | string) => void,
): Promise<void> {
	if (typeof body === 'string' || Buffer.isBuffer(body)) return onChunk(body);
	const stream = body as Partial<AsyncIterable<Uint8Array | string>> & { destroy?: () => void };
	if (typeof stream?.[Symbol.asyncIterator] !== 'function') return;
	let chunks = 0;
	const read = (async () => {
		for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
			chunks++;
			onChunk(chunk);
		}
	})();
	if (!Number.isFinite(idleMs) || idleMs <= 0) return await read;
	const stop = new AbortController();
	const watchdog = (async () => {
		for (let seen = chunks, quiet = 0; quiet < WATCH_STEPS; seen = chunks) {
			await sleep(idleMs / WATCH_STEPS, stop.signal);
			if (stop.signal.aborted) return; // n8n 1.x: its sleep ignored the signal
			quiet = chunks === seen ? quiet + 1 : 0;
		}
		read.catch(() => undefined);
		stream.destroy?.();
		throw Object.assign(new Error(`the answer stopped arriving for ${idleMs} ms`), {
			code: 'ETIMEDOUT',
		});
	})();
	try {
		await Promise.race([read, watchdog]);
	} finally {
		stop.abort(FINISHED);
		watchdog.catch(() => undefined);
	}
}
