import type { IDataObject } from 'n8n-workflow';

import type { ExtractionPage } from '../pageStream';
import type { RecordEncoder } from './encoders';
import type { Chunk } from './fileDecoder';
import { ScannedPage } from './pageScan';
import type { FileSummary } from './summary';

/** One record as item mode would output it (without one, records go out as they came). */
export type Shape = (record: IDataObject, page: ExtractionPage) => IDataObject;

/** A part's most records and bytes (Infinity: no cap). */
export type PartCap = { records: number; bytes: number };

const utf8 = new TextEncoder();

/**
 * The run's records page by page up to the Limit, cut into the text of parts that may end inside a
 * page: the records of `page` before `from` are in a part already, those from `to` on are past the
 * Limit. Leaving early must close().
 */
export class PageCursor {
	private page?: ExtractionPage;
	/** The page's scan, or undefined where the scan declined the page (it was parsed). */
	private scanned?: ScannedPage;
	private from = 0;
	private to = 0;
	/** The text of the records from `from` to `to`, kept while the page waits for the next part. */
	private rest?: Chunk;
	private taken = 0;

	constructor(
		private readonly pages: AsyncGenerator<ExtractionPage>,
		private readonly limit: number,
		private readonly encoder: RecordEncoder,
		private readonly shape: Shape | undefined,
	) {}

	/** One part's text: records until the cap (read at every page: Automatic sets it late) or their end. */
	async *part(summary: FileSummary, cap: PartCap): AsyncGenerator<Chunk> {
		for (let records = 0; records < cap.records; ) {
			const page = await this.current();
			if (!page) return;
			const count = Math.min(this.to - this.from, cap.records - records);
			const text = this.text(count);
			// A part's first records bring the header (CSV's columns are known once a page is encoded).
			const header = utf8.encode(records === 0 && count > 0 ? (this.encoder.header?.() ?? '') : '');
			const size = header.byteLength + text.byteLength;
			// Too big: the page goes to the next part (its text stays cached).
			if (records > 0 && summary.bytes + size > cap.bytes) return;
			summary.within(page.stretch);
			if (this.scanned) summary.addScanned(this.scanned, count, this.from);
			else summary.addPage(this.records(this.from, count));
			summary.bytes += size;
			records += count;
			this.from += count;
			this.rest = undefined;
			if (this.from >= this.to) this.passPage();
			if (header.byteLength > 0) yield header;
			if (text.byteLength > 0) yield text;
		}
	}

	/** Whether records are left (pages without any are passed over). */
	async hasMore(): Promise<boolean> {
		while (await this.current()) {
			if (this.to > this.from) return true;
			this.passPage();
		}
		return false;
	}

	/** The cursor moves past the page: the one place its bytes are said done. */
	private passPage(): void {
		this.scanned?.bytes.done();
		this.page = this.scanned = undefined;
	}

	/** Ends the pages: no more are asked for (once ended, the pages say so at once). */
	async close(): Promise<void> {
		await this.pages.return(undefined);
	}

	/** The page being written, the next one when it is done, or undefined at the end. */
	private async current(): Promise<ExtractionPage | undefined> {
		if (this.page) return this.page;
		const next = this.taken < this.limit ? await this.pages.next() : undefined;
		if (!next || next.done) return void (await this.close());
		const { decoded } = (this.page = next.value);
		this.scanned = decoded instanceof ScannedPage ? decoded : undefined;
		this.from = 0;
		this.to = Math.min(decoded.count, this.limit - this.taken);
		this.taken += this.to;
		return this.page;
	}

	/** The text of the page's next `count` records: a scanned page's own lines where they are the records as they came (NDJSON, not shaped). */
	private text(count: number): Chunk {
		const piece = () =>
			this.scanned && this.encoder.lines && !this.shape
				? this.scanned.takeLines(count, this.from)
				: utf8.encode(this.encoder.page(this.records(this.from, count)));
		return count === this.to - this.from ? (this.rest ??= piece()) : piece();
	}

	/** Records `from` to `from + count`, each parsed only when the encoder reaches it (one record's objects at a time), shaped when the run shapes them. */
	private *records(from: number, count: number): Generator<IDataObject> {
		const { page, scanned } = this;
		for (let i = from; i < from + count; i++) {
			const record = scanned ? scanned.record(i) : page!.decoded.records[i];
			yield this.shape ? this.shape(record, page!) : record;
		}
	}
}
