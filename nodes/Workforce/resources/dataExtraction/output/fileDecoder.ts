import { jsonPages, type PageDecoder } from '../../../../shared/extraction/pageDecoder';
import { scanPage } from './pageScan';
import { SUMMARY_FIELDS } from './summary';

/**
 * Pages read into reused buffers and scanned, not parsed (a page the scan declines is parsed): a
 * page waiting to be written holds its bytes, and its records become objects (CSV, page facts)
 * only when the writer encodes it.
 */
export function fileDecoder(): PageDecoder {
	const buffers = new PageBuffers();
	return {
		bytes: (size) => buffers.take(size),
		decode(raw) {
			if (typeof raw === 'string') return jsonPages.decode(raw);
			const scanned = scanPage(raw, SUMMARY_FIELDS, () => buffers.give(raw));
			if (scanned) return scanned;
			const page = jsonPages.decode(raw);
			buffers.give(raw);
			return page;
		},
	};
}

/**
 * Page-sized buffers a File run reuses instead of a new 3.5 MB one per page; given back once written.
 * Every one given back is kept: the pool never holds more than the run had out at once (one stream
 * about three pages; partition lanes up to their read-ahead budget), and each it kept is one page
 * fewer to allocate.
 */
export class PageBuffers {
	private readonly free: ArrayBuffer[] = [];

	/** A buffer of exactly `size` bytes; its contents are undefined. */
	take(size: number): Buffer {
		const at = this.free.findIndex((buffer) => buffer.byteLength >= size);
		if (at >= 0) return Buffer.from(this.free.splice(at, 1)[0], 0, size);
		// Room for a slightly larger next page; never from Node's shared pool, so it is reused whole.
		return Buffer.allocUnsafeSlow(Math.ceil(size * 1.125) + 1024).subarray(0, size);
	}

	give(bytes: Buffer): void {
		if (!this.free.includes(bytes.buffer as ArrayBuffer))
			this.free.push(bytes.buffer as ArrayBuffer);
	}
}
