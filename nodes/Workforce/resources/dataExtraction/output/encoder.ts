import type { IDataObject } from 'n8n-workflow';

import type { ScannedPage } from '../../../../shared/extraction/pageScan';

/** Turns pages of records into the text of a file, one page at a time. */
export interface RecordEncoder {
	/** The text (or its UTF-8 bytes) of these records, with a header first when the format has one. */
	page(records: IDataObject[]): string | Uint8Array;
	/** The first `count` records of a scanned page, from its bytes; only formats that write records as they came have it. */
	lines?(page: ScannedPage, count: number): Uint8Array;
	extension: string;
	mimeType: string;
}
