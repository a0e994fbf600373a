import type { IDataObject } from 'n8n-workflow';

import type { DecodedPage } from '../../../../shared/extraction/pageDecoder';
import type { Chunk, PageBytes, ReadonlyBytes } from './fileDecoder';

/**
 * A page read from its bytes without parsing it into objects (File output): records stay byte
 * spans, and only the summary's fields are located; parsing makes ~10 MB of objects per page.
 * Validates as strictly as JSON.parse; declines (the caller parses) whatever it does not follow:
 * escaped keys, a record not an object or spanning lines, no or two `data`, a byte order mark,
 * invalid UTF-8, nesting deeper than MAX_DEPTH, or anything JSON.parse rejects.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
/** A container's closing byte is its opening byte + 2: `{}`, `[]`. */
const CLOSE = 2;
const LF = 0x0a;
const CR = 0x0d;
/** The largest JSON whitespace byte. */
const SPACE = 0x20;
const MINUS = 0x2d;
const ZERO = 0x30;

const MAX_DEPTH = 512;

/** Inside a string, 1 for a byte that stands for itself: printable ASCII but `"` and `\`. */
const PLAIN = new Uint8Array(256).fill(1, SPACE, 0x80);
PLAIN[QUOTE] = PLAIN[BACKSLASH] = 0;

/** After a backslash: the escape's length (`\n` 2, `\u0041` 6), 0 for no escape. */
const ESCAPE_LENGTH = new Uint8Array(256);
for (const c of '"\\/bfnrt') ESCAPE_LENGTH[c.charCodeAt(0)] = 2;
ESCAPE_LENGTH['u'.charCodeAt(0)] = 6;

const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

const [TRUE, FALSE, NULL, DATA] = ['true', 'false', 'null', 'data'].map((word) =>
	Buffer.from(word),
);

/** A page whose records were located, not parsed: the page the File output's decoder makes. */
export class ScannedPage implements DecodedPage {
	constructor(
		readonly bytes: PageBytes,
		/** Per record, `width` cells: its start and end, then each watched field's value's span. */
		private readonly cells: Int32Array,
		private readonly width: number,
		/** Every top-level field but `data`, parsed. */
		readonly envelope: IDataObject,
	) {}

	get count(): number {
		return this.cells.length / this.width;
	}

	/** Where watched field `field`'s value starts, or -1 (the last one when twice, as JSON.parse). */
	fieldStart(record: number, field: number): number {
		return this.cells[record * this.width + 2 + 2 * field];
	}

	/** Where that value ends (exclusive). */
	fieldEnd(record: number, field: number): number {
		return this.cells[record * this.width + 3 + 2 * field];
	}

	/** All records parsed (DecodedPage's promise); the File output parses each alone: record(). */
	get records(): IDataObject[] {
		return Array.from({ length: this.count }, (_, i) => this.record(i));
	}

	/** Record `i` parsed from its own span: its reader holds one record's objects, not the page's. */
	record(i: number): IDataObject {
		const { cells, width } = this;
		return JSON.parse(this.bytes.text(cells[i * width], cells[i * width + 1])) as IDataObject;
	}

	/** Records `from` to `from + count` as NDJSON: the owner's lines (each record's own span is unchanged). */
	takeLines(count: number, from = 0): Chunk {
		return this.bytes.lines(this.cells, this.width, from, Math.min(from + count, this.count) - 1);
	}
}

/** The page scanned, noting the `watch` fields of every record, or undefined when the scan declines. */
export function scanPage(page: PageBytes, watch: readonly string[]) {
	const names = watch.map((name) => Buffer.from(name));
	return new Scanner(page.view, names).page(page);
}

class Scanner {
	/** Whether whitespace (a string) since last cleared held a line break (an escape). */
	private lineBreak = false;
	private escaped = false;
	/** Where the key key() read last ends. */
	private keyEnd = 0;
	/** The open containers' opening bytes. */
	private readonly stack = new Uint8Array(MAX_DEPTH);
	private cells: Int32Array;
	private count = 0;
	private readonly width: number;
	/** 1 at each byte length a watched name has. */
	private readonly watchedLength: Uint8Array;

	constructor(
		private readonly b: ReadonlyBytes,
		private readonly watch: Uint8Array[],
	) {
		this.width = 2 + 2 * watch.length;
		// About a record per KiB at first: grown by doubling.
		this.cells = new Int32Array(Math.max(64, b.length >> 10) * this.width);
		this.watchedLength = new Uint8Array(1 + Math.max(0, ...watch.map((name) => name.length)));
		for (const name of watch) this.watchedLength[name.length] = 1;
	}

	/** The page: an object of envelope fields and one `data`, an array of records. */
	page(owner: PageBytes): ScannedPage | undefined {
		const b = this.b;
		let dataStart = -1;
		let dataEnd = -1;
		let i = this.ws(0);
		if (b[i] !== LBRACE) return undefined;
		do {
			const keyStart = this.ws(i + 1) + 1;
			i = this.key(keyStart - 1);
			if (i < 0 || this.escaped) return undefined;
			if (bytesAre(b, keyStart, this.keyEnd, DATA)) {
				if (dataStart >= 0) return undefined;
				dataStart = i;
				i = dataEnd = this.records(i);
			} else i = this.value(i);
			if (i < 0) return undefined;
			i = this.ws(i);
		} while (b[i] === COMMA);
		if (b[i] !== RBRACE || this.ws(i + 1) !== b.length || dataStart < 0) return undefined;
		// The records left out (JSON.parse reads a field named __proto__ as a field).
		const text = owner.text(0, dataStart) + '0' + owner.text(dataEnd, b.length);
		const envelope = JSON.parse(text) as IDataObject;
		delete envelope.data;
		const cells = this.cells.subarray(0, this.count * this.width);
		return new ScannedPage(owner, cells, this.width, envelope);
	}

	/** `data` at i: an array of records, each an object on one line. */
	private records(i: number): number {
		const b = this.b;
		if (b[i] !== LBRACKET) return -1;
		i = this.ws(i + 1);
		if (b[i] === RBRACKET) return i + 1;
		for (;;) {
			if (b[i] !== LBRACE) return -1;
			const row = this.addRow(i);
			this.lineBreak = false;
			i = this.record(i, row);
			if (i < 0 || this.lineBreak) return -1;
			this.cells[row + 1] = i;
			i = this.ws(i);
			if (b[i] !== COMMA) return b[i] === RBRACKET ? i + 1 : -1;
			i = this.ws(i + 1);
		}
	}

	/**
	 * The record at i, its watched fields' value spans noted in its cells from `row`. The hottest
	 * code of a File run: one loop over the members (a nested value is value()'s); whitespace is
	 * looked for only where it could be.
	 */
	private record(i: number, row: number): number {
		const { b, cells, watchedLength } = this;
		i++;
		if (b[i] <= SPACE) i = this.ws(i);
		if (b[i] === RBRACE) return i + 1;
		for (;;) {
			const keyStart = i + 1;
			i = this.key(i);
			if (i < 0 || this.escaped) return -1;
			const keyEnd = this.keyEnd;
			const valueStart = i;
			const c = b[i];
			if (c === QUOTE) i = this.string(i);
			else if (c === LBRACE || c === LBRACKET) i = this.value(i);
			else i = this.scalar(i);
			if (i < 0) return -1;
			if (watchedLength[keyEnd - keyStart] === 1) {
				const field = this.watched(keyStart, keyEnd);
				if (field >= 0) {
					cells[row + 2 + 2 * field] = valueStart;
					cells[row + 3 + 2 * field] = i;
				}
			}
			if (b[i] <= SPACE) i = this.ws(i);
			if (b[i] !== COMMA) return b[i] === RBRACE ? i + 1 : -1;
			i++;
			if (b[i] <= SPACE) i = this.ws(i);
		}
	}

	/** Any JSON value at i (an explicit stack, not recursion); the index after it, or -1. */
	private value(i: number): number {
		const { b, stack } = this;
		let depth = 0;
		for (;;) {
			// At i the innermost container's next element, or member after its key, starts.
			const c = b[i];
			if (c === LBRACE || c === LBRACKET) {
				i = this.ws(i + 1);
				if (b[i] !== c + CLOSE) {
					if (depth === MAX_DEPTH) return -1;
					stack[depth++] = c;
					if (c === LBRACE) i = this.key(i);
					if (i < 0) return -1;
					continue;
				}
				i++;
			} else {
				i = c === QUOTE ? this.string(i) : this.scalar(i);
				if (i < 0) return -1;
			}
			// A value ended at i: close containers up to a comma.
			for (;;) {
				if (depth === 0) return i;
				i = this.ws(i);
				const open = stack[depth - 1];
				if (b[i] === COMMA) {
					i = this.ws(i + 1);
					if (open === LBRACE) i = this.key(i);
					if (i < 0) return -1;
					break;
				}
				if (b[i] !== open + CLOSE) return -1;
				depth--;
				i++;
			}
		}
	}

	/** A member's key at i and its colon: where the value starts, or -1. */
	private key(i: number): number {
		const b = this.b;
		if (b[i] !== QUOTE) return -1;
		this.escaped = false;
		i = this.string(i);
		if (i < 0) return -1;
		this.keyEnd = i - 1;
		if (b[i] <= SPACE) i = this.ws(i);
		if (b[i] !== COLON) return -1;
		i++;
		return b[i] <= SPACE ? this.ws(i) : i;
	}

	/** A record's cells, its start noted and its fields not seen (-1): the first one's index. */
	private addRow(start: number): number {
		const row = this.count * this.width;
		if (row + this.width > this.cells.length) {
			const grown = new Int32Array(this.cells.length * 2);
			grown.set(this.cells);
			this.cells = grown;
		}
		this.cells.fill(-1, row, row + this.width);
		this.cells[row] = start;
		this.count++;
		return row;
	}

	/** Which watched field the key bytes[start, end) names, or -1. */
	private watched(start: number, end: number): number {
		for (let f = 0; f < this.watch.length; f++)
			if (bytesAre(this.b, start, end, this.watch[f])) return f;
		return -1;
	}

	private scalar(i: number): number {
		const c = this.b[i];
		if (c === MINUS || digit(c)) return this.number(i);
		const word = c === 0x74 ? TRUE : c === 0x66 ? FALSE : NULL;
		return bytesAre(this.b, i, i + word.length, word) ? i + word.length : -1;
	}

	/** Kept small, so that the hot loops take it in whole (the rare bytes are another method's). */
	private string(i: number): number {
		const b = this.b;
		for (i++; i >= 0; i = this.escapeOrUtf8(i)) {
			while (PLAIN[b[i]] === 1) i++;
			if (b[i] === QUOTE) return i + 1;
		}
		return -1;
	}

	/** In a string, the escape or UTF-8 sequence at i: the index after it, or -1 (a control byte). */
	private escapeOrUtf8(i: number): number {
		const b = this.b;
		if (b[i] !== BACKSLASH) return utf8(b, i);
		this.escaped = true;
		const length = ESCAPE_LENGTH[b[i + 1]];
		if (length === 6 && !(HEX[b[i + 2]] && HEX[b[i + 3]] && HEX[b[i + 4]] && HEX[b[i + 5]]))
			return -1;
		return length > 0 ? i + length : -1;
	}

	private number(i: number): number {
		const b = this.b;
		if (b[i] === MINUS) i++;
		i = b[i] === ZERO ? i + 1 : digitRun(b, i);
		if (i >= 0 && b[i] === 0x2e) i = digitRun(b, i + 1);
		if (i >= 0 && (b[i] === 0x65 || b[i] === 0x45))
			i = digitRun(b, b[i + 1] === 0x2b || b[i + 1] === MINUS ? i + 2 : i + 1);
		return i;
	}

	private ws(i: number): number {
		const b = this.b;
		for (; ; i++) {
			const c = b[i];
			if (c === LF || c === CR) this.lineBreak = true;
			else if (c !== SPACE && c !== 0x09) return i;
		}
	}
}

/** A well-formed UTF-8 sequence at i (no overlong form, no surrogate, at most U+10FFFF). */
function utf8(b: ReadonlyBytes, i: number): number {
	const lead = b[i];
	if (!(lead >= 0xc2 && lead <= 0xf4)) return -1;
	const end = i + (lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4);
	// The second byte is narrower after the leads of overlong forms, surrogates and > U+10FFFF.
	const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
	const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
	if (!(b[i + 1] >= low && b[i + 1] <= high)) return -1;
	for (let k = i + 2; k < end; k++) if (!(b[k] >= 0x80 && b[k] <= 0xbf)) return -1;
	return end;
}

function bytesAre(bytes: ReadonlyBytes, start: number, end: number, word: Uint8Array): boolean {
	if (end - start !== word.length) return false;
	for (let k = 0; k < word.length; k++) if (bytes[start + k] !== word[k]) return false;
	return true;
}

function digit(c: number): boolean {
	return c >= ZERO && c <= ZERO + 9;
}

/** The index after one or more digits at i, or -1. */
function digitRun(b: ReadonlyBytes, i: number): number {
	const start = i;
	while (digit(b[i])) i++;
	return i > start ? i : -1;
}
