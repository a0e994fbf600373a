import type { IDataObject } from 'n8n-workflow';

import type { ExtractionPage } from '../pageStream';
import type { RecordEncoder } from './encoders';
import type { FilePage } from './fileDecoder';

type Shape = (record: IDataObject, page: ExtractionPage<FilePage>) => IDataObject;

const utf8 = new TextEncoder();
const LF = 0x0a;

/**
 * The run's records page by page up to the Limit, as text, for a writer whose parts may end inside
 * a page: the records of `page` before `from` are in a part already, those from `to` on are past
 * the Limit. Leaving early must close().
 */
export class PageCursor {
	page?: ExtractionPage<FilePage>;
	from = 0;
	to = 0;
	/** The text of the records from `from` to `to`, kept while the page waits for the next part. */
	private rest?: Uint8Array;
	/** NDJSON lines of a scanned page's records up to `to`; the next piece starts at lineStart. */
	private lines?: Uint8Array;
	private lineStart = 0;
	private lineEnd = 0;
	private shaped?: IDataObject[];
	private taken = 0;
	private done = false;
	private readonly iterator: AsyncIterator<ExtractionPage<FilePage>>;

	constructor(
		pages: AsyncIterable<ExtractionPage<FilePage>>,
		private readonly limit: number,
		private readonly encoder: RecordEncoder,
		/** Records as item mode would output them; absent when records go out as they came. */
		private readonly shape?: Shape,
	) {
		this.iterator = pages[Symbol.asyncIterator]();
	}

	/** The page being written, the next one when it is done, or undefined at the end. */
	async current(): Promise<ExtractionPage<FilePage> | undefined> {
		if (this.page || this.done) return this.page;
		const next = this.taken < this.limit ? await this.iterator.next() : undefined;
		if (!next || next.done) {
			await this.close();
			return undefined;
		}
		this.page = next.value;
		this.from = this.lineStart = this.lineEnd = 0;
		this.to = Math.min(next.value.recordsOnPage, this.limit - this.taken);
		this.taken += this.to;
		this.rest = this.lines = this.shaped = undefined;
		return this.page;
	}

	/** The text of the page's next `count` records: a scanned page's own lines where they are the records as they came (NDJSON, not shaped). */
	text(count: number): Uint8Array {
		const whole = count === this.to - this.from;
		const scanned = this.page!.decoded.scanned;
		if (scanned && this.encoder.lines && !this.shape) {
			const lines = (this.lines ??= this.encoder.lines(scanned, this.to));
			let end = whole ? lines.byteLength : this.lineStart;
			if (!whole) for (let k = 0; k < count; k++) end = lines.indexOf(LF, end) + 1;
			this.lineEnd = end;
			return lines.subarray(this.lineStart, end);
		}
		const encode = () => toBytes(this.encoder.page(this.records(this.from, count)));
		return whole ? (this.rest ??= encode()) : encode();
	}

	/** Records `from` to `from + count`, shaped as output when the run shapes them. */
	records(from: number, count: number): IDataObject[] {
		const page = this.page!;
		this.shaped ??= this.shape
			? page.records.slice(0, this.to).map((record) => this.shape!(record, page))
			: page.records;
		return from === 0 && count === this.shaped.length
			? this.shaped
			: this.shaped.slice(from, from + count);
	}

	/** `count` more records are in a part; the page is done once all are. */
	advance(count: number) {
		this.from += count;
		this.lineStart = this.lineEnd;
		this.rest = undefined;
		// Done: its objects go now, not when the next page arrives.
		if (this.from >= this.to) this.page = this.shaped = undefined;
	}

	/** Whether records are left (pages without any are passed over). */
	async hasMore(): Promise<boolean> {
		while (await this.current()) {
			if (this.to > this.from) return true;
			this.page!.decoded.scanned?.release();
			this.page = undefined;
		}
		return false;
	}

	async close(): Promise<void> {
		if (this.done) return;
		this.done = true;
		await this.iterator.return?.();
	}
}

function toBytes(text: string | Uint8Array): Uint8Array {
	return typeof text === 'string' ? utf8.encode(text) : text;
}
