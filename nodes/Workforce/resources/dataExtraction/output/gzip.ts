/** What zlib reads at a time: copies of this size, not the pages' own buffers. */
const PIECE_BYTES = 256 * 1024;

/**
 * Gzip through the web platform's CompressionStream (no zlib import: n8n Cloud's rules allow
 * none). Pull-driven: a chunk is compressed when the reader asks for more, and a failure of the
 * source (a page that failed after its retries) comes out as the reader's error.
 *
 * zlib reads copies of each chunk, and `copied` is told of the chunk as soon as it is copied: its
 * buffer can then be reused for the next page. CompressionStream never says when zlib has read a
 * chunk (its write settles when the chunk is accepted), so a page's own buffer handed to it could
 * be reused safely.
 */
export async function* gzip(
	source: AsyncIterable<Uint8Array>,
	copied?: (chunk: Uint8Array) => void,
): AsyncGenerator<Uint8Array> {
	const compressed = ReadableStream.from(copies(source, copied)).pipeThrough(
		new CompressionStream('gzip'),
	);
	const reader = compressed.getReader();
	let finished = false;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) {
				finished = true;
				return;
			}
			yield value;
		}
	} finally {
		// Stopped early (the store gave up): cancelling ends the source, so no page is fetched for nothing.
		if (!finished) await reader.cancel().catch(() => undefined);
		reader.releaseLock();
	}
}

/** Each chunk of `source` as copies of at most PIECE_BYTES, the chunk given back once copied. */
async function* copies(
	source: AsyncIterable<Uint8Array>,
	copied?: (chunk: Uint8Array) => void,
): AsyncGenerator<Uint8Array> {
	for await (const chunk of source) {
		const pieces: Uint8Array[] = [];
		for (let at = 0; at < chunk.byteLength; at += PIECE_BYTES) {
			const piece = Buffer.allocUnsafeSlow(Math.min(PIECE_BYTES, chunk.byteLength - at));
			piece.set(chunk.subarray(at, at + piece.byteLength));
			pieces.push(piece);
		}
		copied?.(chunk);
		yield* pieces;
	}
}
