import type { IDataObject } from 'n8n-workflow';

import type { ScannedPage } from './pageScan';

/** Turns pages of records into the text of a file, one page at a time. */
export interface RecordEncoder {
	/** The text (or its UTF-8 bytes) of these records, without header. */
	page(records: IDataObject[]): string | Uint8Array;
	/** The line that starts each file (or part), known once page() has seen records; formats without one have none. */
	header?(): string;
	/** The first `count` records of a scanned page, from its bytes; only formats that write records as they came have it. */
	lines?(page: ScannedPage, count: number): Uint8Array;
	extension: string;
	mimeType: string;
}
