import type { IDataObject } from 'n8n-workflow';

import type { PageText } from '../../../shared/continuation';

/** Turns pages of records into the text of a file, one page at a time. */
export interface RecordEncoder {
	/** The text (or its UTF-8 bytes) of these records, with a header first when the format has one; `source`: the page they are all of, as it came. */
	page(records: IDataObject[], source?: PageText): string | Uint8Array;
	extension: string;
	mimeType: string;
}
