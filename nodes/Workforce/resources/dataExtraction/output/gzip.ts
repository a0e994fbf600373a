import type { ReadonlyBytes } from './fileDecoder';

/** What zlib reads at a time: copies of this size, not the pages' own buffers. */
const PIECE_BYTES = 256 * 1024;

/**
 * Gzip through CompressionStream (n8n Cloud allows no zlib import), pulled by the reader. zlib gets
 * copies (CompressionStream never says when it read a chunk): read once the next is asked for.
 */
export async function* gzip(source: AsyncIterable<ReadonlyBytes>): AsyncGenerator<Uint8Array> {
	async function* copies(): AsyncGenerator<Uint8Array> {
		// Made as zlib reads them: the source is asked for its next chunk after this one's last piece.
		for await (const chunk of source)
			for (let at = 0; at < chunk.byteLength; at += PIECE_BYTES)
				yield new Uint8Array(chunk.subarray(at, at + PIECE_BYTES));
	}
	// Stopped early: the stream's iterator cancels it, which ends the source.
	yield* ReadableStream.from(copies()).pipeThrough(new CompressionStream('gzip'));
}
