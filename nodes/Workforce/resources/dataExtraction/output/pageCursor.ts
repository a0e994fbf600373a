import type { IDataObject } from 'n8n-workflow';

import type { ExtractionPage } from '../pageStream';
import type { ScannedPage } from './pageScan';
import type { FilePage } from './fileDecoder';

const LF = 0x0a;

/** A page whose records are being written: those before `from` are in a part already. */
export class PendingPage {
	/** The first record not yet written. */
	from = 0;
	/** NDJSON lines of a scanned page's records up to `to`. */
	lines?: Uint8Array;
	/** The text of the records from `from` to `to`, kept while the page waits for the next part. */
	text?: Uint8Array;
	private lineStart = 0;
	private lineEnd = 0;
	private shaped?: IDataObject[];

	constructor(
		readonly page: ExtractionPage<FilePage>,
		/** Fewer than the page's records where the Limit ends. */
		readonly to: number,
		private readonly shape?: (record: IDataObject, page: ExtractionPage<FilePage>) => IDataObject,
	) {}

	get scanned(): ScannedPage | undefined {
		return this.page.decoded.scanned;
	}

	/** Records `from` to `from + count`, shaped as output when the run shapes them. */
	recordsFrom(from: number, count: number): IDataObject[] {
		this.shaped ??= this.shape
			? this.page.records.slice(0, this.to).map((record) => this.shape!(record, this.page))
			: this.page.records;
		return from === 0 && count === this.shaped.length
			? this.shaped
			: this.shaped.slice(from, from + count);
	}

	/** The lines of the next `count` records, a view of `lines`. */
	linesPiece(count: number): Uint8Array {
		const lines = this.lines!;
		let end = this.lineStart;
		if (count === this.to - this.from) end = lines.byteLength;
		else for (let k = 0; k < count; k++) end = lines.indexOf(LF, end) + 1;
		this.lineEnd = end;
		return lines.subarray(this.lineStart, end);
	}

	advance(count: number) {
		this.from += count;
		this.lineStart = this.lineEnd;
		this.text = undefined;
	}
}

/** The run's records page by page up to the Limit, for a writer whose parts may end inside a page. Leaving early must close(). */
export class PageCursor {
	private readonly iterator: AsyncIterator<ExtractionPage<FilePage>>;
	private current?: PendingPage;
	private taken = 0;
	private done = false;

	constructor(
		pages: AsyncIterable<ExtractionPage<FilePage>>,
		private readonly limit: number,
		private readonly shape?: (record: IDataObject, page: ExtractionPage<FilePage>) => IDataObject,
	) {
		this.iterator = pages[Symbol.asyncIterator]();
	}

	/** The page being written, the next one when it is done, or undefined at the end. */
	async peek(): Promise<PendingPage | undefined> {
		if (this.current) return this.current;
		if (this.done) return undefined;
		if (this.taken >= this.limit) {
			await this.close();
			return undefined;
		}
		const next = await this.iterator.next();
		if (next.done) {
			this.done = true;
			return undefined;
		}
		const to = Math.min(next.value.recordsOnPage, this.limit - this.taken);
		this.taken += to;
		this.current = new PendingPage(next.value, to, this.shape);
		return this.current;
	}

	advance(count: number) {
		const current = this.current!;
		current.advance(count);
		if (current.from >= current.to) this.current = undefined;
	}

	/** Whether records are left (pages without any are passed over). */
	async hasMore(): Promise<boolean> {
		for (;;) {
			const pending = await this.peek();
			if (!pending) return false;
			if (pending.to > pending.from) return true;
			pending.scanned?.release();
			this.current = undefined;
		}
	}

	async close(): Promise<void> {
		if (this.done) return;
		this.done = true;
		await this.iterator.return?.();
	}
}
