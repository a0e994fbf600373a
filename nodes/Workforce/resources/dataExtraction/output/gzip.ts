/**
 * Gzip through the web platform's CompressionStream (no zlib import: n8n Cloud's rules allow
 * none). Pull-driven: a chunk is compressed when the reader asks for more, and a failure of the
 * source (a page that failed after its retries) comes out as the reader's error.
 */
export async function* gzip(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
	const compressed = ReadableStream.from(source).pipeThrough(new CompressionStream('gzip'));
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
