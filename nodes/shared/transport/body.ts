import { sleep } from 'n8n-workflow';

const IDLE: unique symbol = Symbol('idle');

/** How long a body may pause when the caller sets no timeout (n8n's own timeout ends with the headers). */
export const BODY_IDLE_MS = 120_000;

/**
 * A streamed body as text, decoded as it arrives (no second page-sized buffer). n8n's timeout ends
 * with the headers, so a body silent for `idleMs` fails here with ETIMEDOUT (transient).
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

/** The body as bytes, joined once into a buffer from `alloc` (File output: never a string). */
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

/** Every chunk of a streamed body, failing (ETIMEDOUT) when none arrives for `idleMs`: one watchdog per body, not a timer per chunk. */
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

const WATCH_STEPS = 4;

/**
 * IDLE once no chunk has arrived for 1 to 1.25 times `idleMs`, counted in quarters by the count of
 * chunks, not the clock (which may step, or be a test's). Stops when `signal` aborts.
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

/** Made once: an abort without a reason makes a DOMException (a stack trace) each time. */
const FINISHED = new Error('the answer is complete');
