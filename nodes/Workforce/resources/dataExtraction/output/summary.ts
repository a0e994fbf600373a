import type { IDataObject } from 'n8n-workflow';

import type { ScannedPage } from './pageScan';
import type { Stretch } from '../pageStream';
import type { FileFormat } from '../outputField';

/** In order of preference (images carry their parent's). */
const MODIFIED_FIELDS = ['modifiedDateTime', 'parentModifiedDateTime', 'createdDateTime'];

/** The fields a scanned page notes for the summary: isDeleted (0), then the times (1 to 3). */
export const SUMMARY_FIELDS: readonly string[] = ['isDeleted', ...MODIFIED_FIELDS];
const QUOTE = 0x22;
/** The one JSON value that starts with `t`: true. */
const TRUE_START = 0x74;

/** What a file's output item says: counts and the span of modification times. */
export class FileSummary {
	records = 0;
	deletedRecords = 0;
	pages = 0;
	/** Bytes of text before compression. */
	bytes = 0;
	readonly stretch: Stretch = {};
	// Plain fields, not an object per new extreme (one per record while times rise).
	private firstAt = Infinity;
	private firstText: string | null = null;
	private lastAt = -Infinity;
	private lastText: string | null = null;

	constructor(
		private readonly format: FileFormat,
		private readonly compressed: boolean,
	) {}

	within(stretch: Stretch) {
		if (!('startMs' in this.stretch)) this.stretch.startMs = stretch.startMs;
		this.stretch.endMs = stretch.endMs;
	}

	/** From objects (a page the scan declined). A text that is no time (NaN) is neither earliest nor latest. */
	addPage(records: Iterable<IDataObject>) {
		this.pages++;
		for (const record of records) {
			this.records++;
			if (record.isDeleted === true) this.deletedRecords++;
			const text = MODIFIED_FIELDS.map((f) => record[f]).find((v) => typeof v === 'string' && v);
			if (typeof text !== 'string') continue;
			const at = Date.parse(text);
			if (at < this.firstAt) {
				this.firstAt = at;
				this.firstText = text;
			}
			if (at > this.lastAt) {
				this.lastAt = at;
				this.lastText = text;
			}
		}
	}

	/** As addPage, from a scanned page's bytes: only its earliest and latest times become strings. */
	addScanned(page: ScannedPage, count: number, from = 0) {
		this.pages++;
		this.records += count;
		const bytes = page.bytes.view;
		// The records holding this page's new extremes, or -1.
		let first = -1;
		let last = -1;
		for (let record = from; record < from + count; record++) {
			// Absent (-1): bytes[-1] is undefined.
			if (bytes[page.fieldStart(record, 0)] === TRUE_START) this.deletedRecords++;
			const field = modifiedField(page, bytes, record);
			if (field < 0) continue;
			const start = page.fieldStart(record, field);
			const at =
				utcTimeAt(bytes, start + 1, page.fieldEnd(record, field) - 1) ??
				Date.parse(modifiedText(page, record));
			if (at < this.firstAt) {
				this.firstAt = at;
				first = record;
			}
			if (at > this.lastAt) {
				this.lastAt = at;
				last = record;
			}
		}
		if (first >= 0) this.firstText = modifiedText(page, first);
		if (last >= 0) this.lastText = modifiedText(page, last);
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

/** The first time field of a scanned record that holds a string other than "" (absent: at -1), or -1. */
function modifiedField(page: ScannedPage, bytes: ArrayLike<number>, record: number): number {
	for (let field = 1; field < SUMMARY_FIELDS.length; field++) {
		const start = page.fieldStart(record, field);
		if (bytes[start] === QUOTE && page.fieldEnd(record, field) - start > 2) return field;
	}
	return -1;
}

/** That field's text (read for a page's extremes, and for a time in another form than the service's). */
function modifiedText(page: ScannedPage, record: number): string {
	const field = modifiedField(page, page.bytes.view, record);
	const [start, end] = [page.fieldStart(record, field), page.fieldEnd(record, field)];
	return JSON.parse(page.bytes.text(start, end)) as string;
}

/** The service's form of a time (the milliseconds are optional); its separators are checked. */
const FORM = Buffer.from('0000-00-00T00:00:00.000Z');
const SEPARATORS = [4, 7, 10, 13, 16];
const ZERO = 0x30;

/**
 * What Date.parse returns for bytes[start, end) holding a time as the service writes it
 * (`2025-08-05T08:00:00.000Z`), read without a string per record; undefined for any other form or
 * range (year before 100, hour 24, second 60, day 0 or past 31): the caller parses those as text.
 */
export function utcTimeAt(bytes: ArrayLike<number>, start: number, end: number) {
	const length = end - start;
	if ((length !== 20 && length !== 24) || bytes[end - 1] !== FORM[23]) return undefined;
	if (length === 24 && bytes[start + 19] !== FORM[19]) return undefined;
	for (const at of SEPARATORS) if (bytes[start + at] !== FORM[at]) return undefined;
	const year = numberAt(bytes, start, 4, 100, 9999);
	const month = numberAt(bytes, start + 5, 2, 1, 12);
	const day = numberAt(bytes, start + 8, 2, 1, 31);
	const hour = numberAt(bytes, start + 11, 2, 0, 23);
	const minute = numberAt(bytes, start + 14, 2, 0, 59);
	const second = numberAt(bytes, start + 17, 2, 0, 59);
	const millisecond = length === 24 ? numberAt(bytes, start + 20, 3, 0, 999) : 0;
	if ((year | month | day | hour | minute | second | millisecond) < 0) return undefined;
	return Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
}

/** The number in `digits` digits from `at`; -1 when they are not all digits or it is out of range. */
function numberAt(bytes: ArrayLike<number>, at: number, digits: number, low: number, high: number) {
	let value = 0;
	for (let k = at; k < at + digits; k++) {
		const digit = bytes[k] - ZERO;
		if (!(digit >= 0 && digit <= 9)) return -1;
		value = value * 10 + digit;
	}
	return value >= low && value <= high ? value : -1;
}
