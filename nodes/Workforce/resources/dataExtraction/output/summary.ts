import type { IDataObject } from 'n8n-workflow';

import type { ScannedPage } from '../../../shared/page-scan';
import type { FileFormat } from '../outputField';

/** The fields that date a record, in order of preference (images carry their parent's). */
const MODIFIED_FIELDS = ['modifiedDateTime', 'parentModifiedDateTime', 'createdDateTime'];

/** What the summary reads of a record: the deletion flag, then the dating fields (a scanned page notes these). */
export const SUMMARY_FIELDS: readonly string[] = ['isDeleted', ...MODIFIED_FIELDS];

const TRUE = 'true';
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** What the file output item says about its file: counts and the span of modification times. */
export class FileSummary {
	records = 0;
	deletedRecords = 0;
	pages = 0;
	/** Bytes of text before compression. */
	bytes = 0;
	// Plain fields, not an object per new extreme: with times rising record by record that would be one per record.
	private firstAt = Infinity;
	private firstText: string | null = null;
	private lastAt = -Infinity;
	private lastText: string | null = null;

	constructor(
		private readonly format: FileFormat,
		private readonly compressed: boolean,
	) {}

	addPage(records: IDataObject[]) {
		this.pages++;
		this.records += records.length;
		for (const record of records) {
			if (record.isDeleted === true) this.deletedRecords++;
			this.dated(modifiedOf(record));
		}
	}

	/** The first `count` records of a page scanned for SUMMARY_FIELDS, read from their bytes as addPage reads them from objects. */
	addScanned(page: ScannedPage, count: number) {
		this.pages++;
		this.records += count;
		for (let record = 0; record < count; record++) {
			if (isTrue(page, page.fieldStart(record, 0), page.fieldEnd(record, 0))) this.deletedRecords++;
			for (let field = 1; field < SUMMARY_FIELDS.length; field++) {
				const text = stringAt(page, page.fieldStart(record, field), page.fieldEnd(record, field));
				if (text !== undefined && text !== '') {
					this.dated(text);
					break;
				}
			}
		}
	}

	private dated(text: string | undefined) {
		if (text === undefined) return;
		const at = Date.parse(text);
		if (Number.isNaN(at)) return;
		if (at < this.firstAt) {
			this.firstAt = at;
			this.firstText = text;
		}
		if (at > this.lastAt) {
			this.lastAt = at;
			this.lastText = text;
		}
	}

	/** `fileBytes`: the size of the stored file (compressed when compressed). */
	toJSON(fileBytes: number): IDataObject {
		return {
			records: this.records,
			deletedRecords: this.deletedRecords,
			pages: this.pages,
			bytes: fileBytes,
			uncompressedBytes: this.bytes,
			firstModified: this.firstText,
			lastModified: this.lastText,
			format: this.format,
			compressed: this.compressed,
		};
	}
}

function modifiedOf(record: IDataObject): string | undefined {
	for (const field of MODIFIED_FIELDS) {
		const value = record[field];
		if (typeof value === 'string' && value !== '') return value;
	}
	return undefined;
}

/** Whether the value at [start, end) of a scanned page is `true`. */
function isTrue(page: ScannedPage, start: number, end: number): boolean {
	if (end - start !== TRUE.length) return false;
	for (let i = 0; i < TRUE.length; i++) if (page.bytes[start + i] !== TRUE.charCodeAt(i)) return false;
	return true;
}

/** The JSON string at [start, end) of a scanned page (start -1: none); undefined when the value there is not a string. */
function stringAt(page: ScannedPage, start: number, end: number): string | undefined {
	if (start < 0 || page.bytes[start] !== QUOTE) return undefined;
	// Escapes are rare in these fields: only then is the value parsed.
	for (let i = start + 1; i < end - 1; i++) if (page.bytes[i] === BACKSLASH) return JSON.parse(page.bytes.toString('utf8', start, end)) as string;
	return page.bytes.toString('utf8', start + 1, end - 1);
}
