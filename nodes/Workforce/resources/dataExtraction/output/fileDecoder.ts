import { jsonPages, type PageDecoder } from '../../../../shared/extraction/pageDecoder';
import { scanPage } from './pageScan';
import { SUMMARY_FIELDS } from './summary';

/**
 * The one owner of a File run's page bytes, from the request to the binary store. It lends the
 * request a buffer to read an answer into (`bytes`), takes it back as a page (`decode`: scanned,
 * or parsed and given back at once), and from then on readers (the scan, the summary, gzip, the
 * store) only read: they get `ReadonlyBytes`, or text. Only the owner writes a page (its commas
 * into line breaks, for NDJSON lines that are a view of it) and gives its buffer back, once:
 * when the cursor is done with the page and no view of it is out. A view is out from when it is
 * made until the reader after handOver() asks for the next chunk (gzip has copied it, a store that
 * pulls has written it); a store that keeps chunks (events) keeps its views, and their buffers
 * are never reused. Giving back twice, or reading after, throws.
 */
export function fileDecoder(): PageDecoder {
	const pool: ArrayBuffer[] = [];
	return {
		bytes: (size) => {
			const at = pool.findIndex((buffer) => buffer.byteLength >= size);
			if (at >= 0) return Buffer.from(pool.splice(at, 1)[0], 0, size);
			// Room for a slightly larger next page; never Node's shared pool, so it is reused whole.
			return Buffer.allocUnsafeSlow(Math.ceil(size * 1.125) + 1024).subarray(0, size);
		},
		decode(raw) {
			if (typeof raw === 'string') return jsonPages.decode(raw);
			const page = new PageBytes(raw, pool);
			const scanned = scanPage(page, SUMMARY_FIELDS);
			if (scanned) return scanned;
			const parsed = jsonPages.decode(raw);
			page.done();
			return parsed;
		},
	};
}

/** What a reader of a page's bytes gets: it reads them and cannot change them (no buffer, no setter). */
export interface ReadonlyBytes extends ArrayLike<number> {
	readonly byteLength: number;
	subarray(start?: number, end?: number): ReadonlyBytes;
}

/** NDJSON lines that are a view of their page: lent until the reader after handOver() moves on. */
export class LentLines {
	constructor(
		readonly bytes: ReadonlyBytes,
		readonly page: PageBytes,
	) {}

	get byteLength(): number {
		return this.bytes.byteLength;
	}
}

/** A piece of a file's text: a copy, or a page's own lines. */
export type Chunk = Uint8Array | LentLines;

/** One page's buffer and what is out of it; `pool` takes it back (a page outside a run has none). */
export class PageBytes {
	#bytes?: Buffer;
	#lent = 0;
	#done = false;

	constructor(
		bytes: Buffer,
		private readonly pool: ArrayBuffer[] = [],
	) {
		this.#bytes = bytes;
	}

	get view(): ReadonlyBytes {
		return this.live();
	}

	/** The UTF-8 text of bytes [start, end) (lines change only the bytes between records). */
	text(start: number, end: number): string {
		return this.live().toString('utf8', start, end);
	}

	/**
	 * Records `from` to `last` as NDJSON, record r at [start(r), end(r)): where one comma parts each
	 * record from the next, the owner makes those commas line breaks and lends a view of the page;
	 * otherwise a copy.
	 */
	lines(
		from: number,
		last: number,
		start: (r: number) => number,
		end: (r: number) => number,
	): Chunk {
		const bytes = this.live();
		if (last < from) return new Uint8Array(0);
		let compact = true;
		for (let r = from; r < last && compact; r++) compact = start(r + 1) - end(r) === 1;
		if (compact) {
			for (let r = from; r <= last; r++) bytes[end(r)] = 0x0a;
			this.#lent++;
			return new LentLines(bytes.subarray(start(from), end(last) + 1), this);
		}
		// Room enough: at least one byte (a comma) is between two records.
		const lines = Buffer.allocUnsafe(end(last) - start(from) + 1);
		let at = 0;
		for (let r = from; r <= last; r++) {
			at += bytes.copy(lines, at, start(r), end(r));
			lines[at++] = 0x0a;
		}
		return lines.subarray(0, at);
	}

	/** Its reader is done with it: given back now, or once the last view of it comes back. */
	done(): void {
		if (this.#done) throw new Error('A page was said done twice');
		this.#done = true;
		if (this.#lent === 0) this.giveBack();
	}

	/**
	 * The chunks as bytes, each page's lines lent until the reader asks for the next chunk (read,
	 * copied or written by then) or, when `keeps()` (a store that keeps its chunks), for good.
	 */
	static async *handOver(
		chunks: AsyncIterable<Chunk>,
		keeps: () => boolean,
	): AsyncGenerator<Uint8Array> {
		for await (const chunk of chunks) {
			if (chunk instanceof Uint8Array) {
				yield chunk;
				continue;
			}
			// The store's own: n8n's binary data takes Buffers (ByteSource).
			yield chunk.bytes as Uint8Array;
			if (keeps()) continue;
			const page = chunk.page;
			if (page.#lent === 0) throw new Error('A view of a page came back twice');
			if (--page.#lent === 0 && page.#done) page.giveBack();
		}
	}

	private live(): Buffer {
		if (this.#bytes) return this.#bytes;
		throw new Error('A page was read after its buffer was given back');
	}

	private giveBack(): void {
		const bytes = this.live();
		this.#bytes = undefined;
		this.pool.push(bytes.buffer as ArrayBuffer);
	}
}
