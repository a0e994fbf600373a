import { sleep } from 'n8n-workflow';

/** How long a body may pause when the caller sets no timeout (n8n's own timeout ends with the headers). */
export const BODY_IDLE_MS = 120_000;

/**
 * A streamed body as text, decoded as it arrives (no second page-sized buffer). n8n's timeout ends
 * with the headers, so a body silent for `idleMs` fails here with ETIMEDOUT (transient).
 */
export async function readText(body: unknown, idleMs: number = BODY_IDLE_MS): Promise<string> {
	const decoder = new TextDecoder('utf-8');
	let text = '';
	await eachChunk(body, idleMs, (chunk) => {
		text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
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
	await eachChunk(body, idleMs, (chunk) => {
		const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
		chunks.push(bytes);
		size += bytes.byteLength;
	});
	const bytes = alloc(size);
	let at = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, at);
		at += chunk.byteLength;
	}
	return bytes;
}

const WATCH_STEPS = 4;

/** Made once: an abort without a reason makes a DOMException (a stack trace) each time. */
const FINISHED = new Error('the answer is complete');

/**
 * Every chunk of a body (a string or Buffer is one). One watchdog per body, not a timer per chunk:
 * it fails (ETIMEDOUT) once no chunk has arrived for 1 to 1.25 times `idleMs`, counted in quarters
 * by the count of chunks, not the clock (which may step, or be a test's).
 */
async function eachChunk(
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
