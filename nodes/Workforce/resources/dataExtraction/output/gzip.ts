import type { ReadonlyBytes } from './fileDecoder';

/** What zlib reads at a time: copies of this size, not the pages' own buffers. */
const PIECE_BYTES = 256 * 1024;

/**
 * Gzip through CompressionStream (n8n Cloud allows no zlib import), pulled by the reader. zlib gets
 * copies (CompressionStream never says when it read a chunk): read once the next is asked for.
 */
export async function* gzip(source: AsyncIterable<ReadonlyBytes>): AsyncGenerator<Uint8Array> {
	async function* copies(): AsyncGenerator<Uint8Array> {
		for await (const chunk of source) {
			const pieces: Uint8Array[] = [];
			// new Uint8Array(view) copies.
			for (let at = 0; at < chunk.byteLength; at += PIECE_BYTES)
				pieces.push(new Uint8Array(chunk.subarray(at, at + PIECE_BYTES)));
			yield* pieces;
		}
	}
	// Stopped early: the stream's iterator cancels it, which ends the source.
	yield* ReadableStream.from(copies()).pipeThrough(new CompressionStream('gzip'));
}
