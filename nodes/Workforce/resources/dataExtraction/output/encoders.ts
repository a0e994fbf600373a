import type { IDataObject } from 'n8n-workflow';

/** Turns pages of records into the text of a file, one page at a time. */
export interface RecordEncoder {
	/** The text of these records, without header (read once, one at a time). */
	page(records: Iterable<IDataObject>): string;
	/** The line that starts each file (or part), known once page() has seen records; formats without one have none. */
	header?(): string;
	/** Whether a scanned page's own lines (its records as they came) are this format's text. */
	lines?: true;
	extension: string;
	mimeType: string;
}

/** One JSON record per line (newline-delimited JSON), each line ending with "\n". */
export function ndjsonEncoder(): RecordEncoder {
	return {
		extension: 'ndjson',
		mimeType: 'application/x-ndjson',
		page(records: Iterable<IDataObject>): string {
			let text = '';
			for (const record of records) text += JSON.stringify(record) + '\n';
			return text;
		},
		// Each line is the record's own JSON text from the page: it parses to the very values item mode outputs.
		lines: true,
	};
}

/** The last column: keys not among the columns, as one JSON object. */
const EXTRA_COLUMN = '_extra';

/**
 * CSV (RFC 4180). The columns are the first piece's keys (only it is held whole; later ones are not
 * known yet); a key seen only later goes into the "_extra" column as JSON. Parts share the header.
 */
export function csvEncoder(): RecordEncoder {
	let columns: string[] | undefined;
	let known: Set<string>;
	return {
		extension: 'csv',
		mimeType: 'text/csv',
		page(records: Iterable<IDataObject>): string {
			if (!columns) {
				const first = [...records];
				if (first.length === 0) return '';
				known = new Set(first.flatMap((record) => Object.keys(record)));
				known.delete(EXTRA_COLUMN);
				columns = [...known];
				records = first;
			}
			let text = '';
			for (const record of records) {
				let row = '';
				for (const column of columns) row += cell(record[column]) + ',';
				let extra: IDataObject | undefined;
				for (const key of Object.keys(record))
					if (!known.has(key)) (extra ??= {})[key] = record[key];
				text += row + (extra ? cell(JSON.stringify(extra)) : '') + '\r\n';
			}
			return text;
		},
		header: () => (columns ? [...columns, EXTRA_COLUMN].map(cell).join(',') + '\r\n' : ''),
	};
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One field: text as it is, null and absent as empty, objects and lists as JSON; quoted when needed. */
function cell(value: unknown): string {
	if (value === null || value === undefined) return '';
	const text =
		typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
	return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
