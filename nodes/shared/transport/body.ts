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
	const decoder = new TextDecoder('utf-8');
	let text = '';
	await eachChunk(body, idleMs, (chunk) => {
		if (typeof chunk === 'string') text += chunk;
		else text += decoder.decode(chunk, { stream: true });
	});
	return text + decoder.decode();
}

/**
 * The body as bytes, joined once at the end into a buffer from `alloc`: for a reader that scans
 * the bytes and never makes the page a string (File output), so the page costs V8's heap nothing.
 */
export async function readBytes(
	body: unknown,
	idleMs: number = BODY_IDLE_MS,
	alloc: (size: number) => Buffer = Buffer.allocUnsafe,
): Promise<Buffer> {
	const chunks: Uint8Array[] = [];
	let size = 0;
	const add = (chunk: Uint8Array | string) => {
		const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
		chunks.push(bytes);
		size += bytes.byteLength;
	};
	if (typeof body === 'string' || Buffer.isBuffer(body)) add(body);
	else await eachChunk(body, idleMs, add);
	const bytes = alloc(size);
	let at = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, at);
		at += chunk.byteLength;
	}
	return bytes;
}

/**
 * Every chunk of a streamed body, failing (code ETIMEDOUT) when none arrives for `idleMs`; nothing
 * for a body that is not a stream. One watchdog per body, not a timer per chunk: a page arrives
 * in about fifty chunks, and a promise, a timer and an abort signal for each are garbage that
 * lives long enough to reach V8's old generation.
 */
async function eachChunk(
	body: unknown,
	idleMs: number,
	onChunk: (chunk: Uint8Array | string) => void,
): Promise<void> {
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
	try {
		const outcome = await Promise.race([read, watchdog(idleMs, () => chunks, stop.signal)]);
		if (outcome === IDLE) {
			// What the stream says once destroyed is not news.
			read.catch(() => undefined);
			stream.destroy?.();
			throw Object.assign(new Error(`the answer stopped arriving for ${idleMs} ms`), {
				code: 'ETIMEDOUT',
			});
		}
	} finally {
		stop.abort(FINISHED);
	}
}

/** Quarters of the idle limit the watchdog counts in. */
const WATCH_STEPS = 4;

/**
 * Resolves IDLE once no chunk has arrived for `idleMs`, counted in quarters of it (so after
 * between 1 and 1.25 times `idleMs` of silence), by the count of chunks, not the clock: a clock
 * may step (NTP) or be one a test controls. Stops when `signal` aborts.
 */
async function watchdog(
	idleMs: number,
	chunksSoFar: () => number,
	signal: AbortSignal,
): Promise<typeof IDLE | undefined> {
	let seen = chunksSoFar();
	let quiet = 0;
	for (;;) {
		try {
			await sleep(idleMs / WATCH_STEPS, signal);
		} catch {
			return undefined;
		}
		const now = chunksSoFar();
		quiet = now === seen ? quiet + 1 : 0;
		seen = now;
		if (quiet >= WATCH_STEPS) return IDLE;
	}
}

/** Why the watchdog is stopped: made once, since an abort without a reason makes a DOMException (a stack trace) each time. */
const FINISHED = new Error('the answer is complete');
