import { BODY_IDLE_MS, eachChunk } from '../n8nInternals/bodyWatchdog';

/**
 * A streamed body as text, decoded as it arrives (no second page-sized buffer); a body silent for
 * `idleMs` fails with ETIMEDOUT (transient), see bodyWatchdog.ts.
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
