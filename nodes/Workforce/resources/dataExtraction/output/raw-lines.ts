import type { IDataObject } from 'n8n-workflow';

import type { PageText } from '../../../shared/continuation';

const HEAD = '{"data":[';
const SEPARATOR = Buffer.from('},{');
const NEWLINE = 0x0a;
/** Arrays that may close inside the envelope's other fields before the data array is found. */
const MAX_TAIL_CANDIDATES = 16;

/**
 * The page's records as NDJSON lines (UTF-8) cut from the text the service sent, without serialising
 * them again (that costs as much as parsing the page, the largest share of a File run), or
 * undefined when the cut cannot be told for certain; the caller then serialises the parsed
 * records. Each line holds the record's own JSON text, so it parses to the very values item mode
 * outputs. Certain means:
 * - the page starts `{"data":[` (no whitespace) and the array's end is the last `],"` from which
 *   the rest parses as an object of exactly the envelope's other fields (see dataArrayEnd);
 * - no whitespace between records: no line break or tab inside the array, no space beside a brace;
 * - every record is an object, and the array holds exactly `records.length - 1` times `},{`:
 *   those are then the separators between records, since any other one (inside a string, or
 *   between objects of a nested array) would make the count larger.
 */
export function rawRecordLines(page: PageText, records: IDataObject[]): Uint8Array | undefined {
	const { text, keys } = page;
	if (records.length === 0 || keys[0] !== 'data' || keys.length < 2 || !text.startsWith(HEAD)) return undefined;
	for (const record of records) if (record === null || typeof record !== 'object' || Array.isArray(record)) return undefined;
	const end = dataArrayEnd(text, keys.slice(1));
	if (end === undefined) return undefined;
	// A slice shares the page's characters: no copy of the page is made before its bytes.
	const inner = text.slice(HEAD.length, end);
	if (inner.charCodeAt(0) !== 0x7b || inner.charCodeAt(inner.length - 1) !== 0x7d) return undefined;
	// Line breaks and tabs can only be whitespace between tokens (inside strings they are escaped);
	// a space beside a brace may be one too: then a separator may not read `},{`, and the count proves nothing.
	if (inner.includes('\n') || inner.includes('\r') || inner.includes('\t') || inner.includes('} ') || inner.includes(' {')) return undefined;
	// Straight to UTF-8, the separators' commas turned into line breaks in place: one buffer outside
	// V8's heap, where a second string of the page's size would bring major collections forward.
	const size = Buffer.byteLength(inner, 'utf8');
	const bytes = Buffer.alloc(size + 1);
	bytes.write(inner, 0, 'utf8');
	bytes[size] = NEWLINE;
	let separators = 0;
	for (let at = bytes.indexOf(SEPARATOR); at !== -1; at = bytes.indexOf(SEPARATOR, at + SEPARATOR.length)) {
		bytes[at + 1] = NEWLINE;
		separators++;
	}
	return separators === records.length - 1 ? bytes : undefined;
}

/**
 * Where the data array's `]` is: the last `],"` from which the rest of the text parses as an
 * object with exactly the envelope's fields after `data`. `],"` cannot sit inside a string (the
 * quote would be escaped); one inside a record or deeper in a later field leaves text after the
 * object, so it does not parse; one closing a later field's array parses with fewer fields.
 */
function dataArrayEnd(text: string, after: string[]): number | undefined {
	let at = text.length;
	for (let tries = 0; tries < MAX_TAIL_CANDIDATES; tries++) {
		at = text.lastIndexOf('],"', at - 1);
		if (at < HEAD.length) return undefined;
		if (hasExactlyKeys(`{${text.slice(at + 2)}`, after)) return at;
	}
	return undefined;
}

function hasExactlyKeys(text: string, keys: string[]): boolean {
	let value: unknown;
	try {
		value = JSON.parse(text) as unknown;
	} catch {
		return false;
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
	const own = Object.keys(value);
	return own.length === keys.length && own.every((key, i) => key === keys[i]);
}
