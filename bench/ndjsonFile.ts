/*
 * NDJSON files on the plain loop's side of the File output benchmarks (issue 33): the loop writes
 * one (gzipped or not), and both the loop's file and the node's are read back and their lines
 * counted, so a figure is only printed beside the records it claims.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

export interface NdjsonFile {
	/**
	 * The records of one page, one JSON text a line; resolves once the page before has gone into
	 * the file (or gzip), so the next page is fetched while this one is written: one page ahead, as
	 * the node reads ahead.
	 */
	write(records: unknown[]): Promise<void>;
	/** Ends the file: its size on disk, and the NDJSON bytes before gzip. */
	close(): Promise<{ fileBytes: number; textBytes: number }>;
}

/**
 * The records as the node's File NDJSON output writes them, into `path`, through zlib's gzip at its
 * default level when `gzip` (the node's CompressionStream('gzip') is zlib's createGzip() with no
 * options: the same level and the same bytes).
 */
export function ndjsonFile(path: string, gzip: boolean): NdjsonFile {
	const file = createWriteStream(path);
	const compressor = gzip ? createGzip() : undefined;
	const done = compressor ? pipeline(compressor, file) : finished(file);
	const head = compressor ?? file;
	let textBytes = 0;
	let drained: Promise<unknown> | undefined;
	return {
		async write(records) {
			let text = '';
			for (const record of records) text += JSON.stringify(record) + '\n';
			const bytes = Buffer.from(text);
			textBytes += bytes.length;
			await drained;
			drained = head.write(bytes) ? undefined : once(head, 'drain');
		},
		async close() {
			await drained;
			head.end();
			await done;
			return { fileBytes: file.bytesWritten, textBytes };
		},
	};
}

/**
 * Lines (newlines) and NDJSON bytes in `bytes`, gunzipped first when `gzip`, and the first 16 hex
 * digits of the SHA-256 of `bytes` as stored (the loop's file and the node's compare by it);
 * streamed, never held whole.
 */
export async function countNdjsonLines(
	bytes: Readable,
	gzip: boolean,
): Promise<{ lines: number; textBytes: number; sha256: string }> {
	let lines = 0;
	let textBytes = 0;
	const hash = createHash('sha256');
	const hashed = async function* (stored: AsyncIterable<Buffer>) {
		for await (const chunk of stored) {
			hash.update(chunk);
			yield chunk;
		}
	};
	const count = async (text: AsyncIterable<Buffer>) => {
		for await (const chunk of text) {
			textBytes += chunk.length;
			for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
		}
	};
	if (gzip) await pipeline(bytes, hashed, createGunzip(), count);
	else await pipeline(bytes, hashed, count);
	return { lines, textBytes, sha256: hash.digest('hex').slice(0, 16) };
}

/** countNdjsonLines over bytes already in memory. */
export const countNdjsonLinesIn = (bytes: Buffer, gzip: boolean) =>
	countNdjsonLines(Readable.from([bytes]), gzip);
