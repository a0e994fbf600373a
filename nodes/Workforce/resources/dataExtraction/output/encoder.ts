import type { IDataObject } from 'n8n-workflow';

/** Turns pages of records into the text of a file, one page at a time. */
export interface RecordEncoder {
	/**
	 * The text of these records (with a header first, when the format has one). `texts`, when
	 * given, holds each record's JSON as the service sent it (same order and length).
	 */
	page(records: IDataObject[], texts?: string[]): string;
	/** Whether the format can use the records' own JSON text. */
	usesText: boolean;
	extension: string;
	mimeType: string;
}
