import { jsonPages, type PageDecoder } from '../../../../shared/extraction/pageDecoder';
import { scanPage } from './pageScan';
import { SUMMARY_FIELDS } from './summary';

/**
 * The one owner of a File run's page bytes, from the request to the binary store: it lends the
 * request a buffer, takes it back as a page, lets readers only read it (`ReadonlyBytes`, text),
 * alone writes it (commas into line breaks: NDJSON lines that are a view of it) and gives it back
 * exactly once (twice, or a read after, throws): when the cursor is done with it and no view of it
 * is out. A view is out until the reader after handOver() asks for the next chunk (gzip copied it,
 * a store that pulls wrote it); a store that keeps its chunks keeps its views.
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

const LINE_BREAK = Buffer.from('\n');

/** What a reader of a page's bytes gets: it reads them and cannot change them (no buffer, no setter). */
export interface ReadonlyBytes extends ArrayLike<number> {
	readonly byteLength: number;
	subarray(start?: number, end?: number): ReadonlyBytes;
}

/** A piece of a file's text: a copy, or NDJSON lines that are a view of their page (lent). */
export type Chunk = Uint8Array | { bytes: ReadonlyBytes; page: PageBytes; byteLength: number };

/** One page's buffer and the views of it out; `pool` takes it back (a page outside a run has none). */
export class PageBytes {
	#lent = 0;
	#done = false;
	constructor(
		private bytes: Buffer | undefined,
		private readonly pool: ArrayBuffer[] = [],
	) {}

	get view(): ReadonlyBytes {
		return this.live();
	}

	/** The UTF-8 text of bytes [start, end) (lines change only the bytes between records). */
	text(start: number, end: number): string {
		return this.live().toString('utf8', start, end);
	}

	/** Records `from` to `last` (r at [cells[r * width], cells[r * width + 1])) as NDJSON: compact, a view. */
	lines(cells: Int32Array, width: number, from: number, last: number): Chunk {
		const bytes = this.live();
		const [start, end] = [(r: number) => cells[r * width], (r: number) => cells[r * width + 1]];
		let compact = true;
		for (let r = from; r < last && compact; r++) compact = start(r + 1) - end(r) === 1;
		if (!compact || last < from) {
			const pieces: Uint8Array[] = [];
			for (let r = from; r <= last; r++) pieces.push(bytes.subarray(start(r), end(r)), LINE_BREAK);
			return Buffer.concat(pieces);
		}
		for (let r = from; r <= last; r++) bytes[end(r)] = 0x0a;
		this.#lent++;
		const view = bytes.subarray(start(from), end(last) + 1);
		return { bytes: view, page: this, byteLength: view.byteLength };
	}

	/** Its reader is done with it: given back now, or once the last view of it comes back. */
	done(): void {
		if (this.#done) throw new Error('A page was said done twice');
		this.#done = true;
		if (this.#lent === 0) this.giveBack();
	}

	/** The chunks as ByteSource takes them; lines lent until the next is asked for, or while keeps(). */
	static async *handOver(chunks: AsyncIterable<Chunk>, keeps: () => boolean) {
		for await (const chunk of chunks) {
			yield chunk instanceof Uint8Array ? chunk : (chunk.bytes as Uint8Array);
			if (chunk instanceof Uint8Array || keeps()) continue;
			if (chunk.page.#lent === 0) throw new Error('A view of a page came back twice');
			if (--chunk.page.#lent === 0 && chunk.page.#done) chunk.page.giveBack();
		}
	}

	private live(): Buffer {
		if (this.bytes) return this.bytes;
		throw new Error('A page was read after its buffer was given back');
	}

	private giveBack(): void {
		this.pool.push(this.live().buffer as ArrayBuffer);
		this.bytes = undefined;
	}
}
