import type { IDataObject } from 'n8n-workflow';

/** Turns pages of records into the text of a file, one page at a time. */
export interface RecordEncoder {
	/** The text of these records (with a header first, when the format has one). */
	page(records: IDataObject[]): string;
	extension: string;
	mimeType: string;
}
