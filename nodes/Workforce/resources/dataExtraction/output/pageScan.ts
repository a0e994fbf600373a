import type { IDataObject } from 'n8n-workflow';

/**
 * A page read from its bytes without parsing it into objects (File output, NDJSON): records stay
 * byte spans, and only the summary's fields are located; parsing makes ~10 MB of objects per page.
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
const LF = 0x0a;
/** The largest JSON whitespace byte. */
const SPACE = 0x20;
const CR = 0x0d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const MAX_DEPTH = 512;

/** Inside a string: 0 a plain ASCII byte, 1 the closing quote, 2 a backslash, 3 a control byte, 4 the lead of a UTF-8 sequence. */
const IN_STRING = new Uint8Array(256);
for (let c = 0; c < 0x20; c++) IN_STRING[c] = 3;
IN_STRING[QUOTE] = 1;
IN_STRING[BACKSLASH] = 2;
for (let c = 0x80; c < 0x100; c++) IN_STRING[c] = 4;

/** After a backslash: 1 for the one-character escapes, 2 for `u`. */
const ESCAPE = new Uint8Array(256);
for (const c of '"\\/bfnrt') ESCAPE[c.charCodeAt(0)] = 1;
ESCAPE['u'.charCodeAt(0)] = 2;

const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

const TRUE = bytesOf('true');
const FALSE = bytesOf('false');
const NULL = bytesOf('null');
const DATA = bytesOf('data');

/** A page whose records were located, not parsed. */
export class ScannedPage {
	private consumed = false;
	private released = false;

	constructor(
		readonly bytes: Buffer,
		/** Per record: its start and end, then each watched field's value's start and end. */
		private readonly rows: Rows,
		/** Every top-level field but `data`, parsed. */
		readonly envelope: IDataObject,
		private readonly onRelease?: () => void,
	) {}

	/** The page's bytes are no longer read: its buffer may be reused. */
	release(): void {
		if (this.released) return;
		this.released = true;
		this.consumed = true;
		this.onRelease?.();
	}

	get count(): number {
		return this.rows.length;
	}

	/** Where watched field `field`'s value starts, or -1 (the last one when twice, as JSON.parse). */
	fieldStart(record: number, field: number): number {
		return this.rows.get(record, 2 + 2 * field);
	}

	/** Where that value ends (exclusive). */
	fieldEnd(record: number, field: number): number {
		return this.rows.get(record, 3 + 2 * field);
	}

	fieldIsTrue(record: number, field: number): boolean {
		const start = this.fieldStart(record, field);
		return start >= 0 && bytesAre(this.bytes, start, this.fieldEnd(record, field), TRUE);
	}

	/** Whether that value is a JSON string other than "". */
	fieldHasText(record: number, field: number): boolean {
		const start = this.fieldStart(record, field);
		return start >= 0 && this.bytes[start] === QUOTE && this.fieldEnd(record, field) - start > 2;
	}

	fieldString(record: number, field: number): string | undefined {
		const start = this.fieldStart(record, field);
		if (start < 0 || this.bytes[start] !== QUOTE) return undefined;
		const end = this.fieldEnd(record, field);
		// Parsed only when escaped (rare).
		for (let i = start + 1; i < end - 1; i++)
			if (this.bytes[i] === BACKSLASH)
				return JSON.parse(this.bytes.toString('utf8', start, end)) as string;
		return this.bytes.toString('utf8', start + 1, end - 1);
	}

	/** The records parsed, for a reader that needs objects (before the bytes are taken). */
	records(): IDataObject[] {
		if (this.consumed)
			throw new Error(
				'The page was handed over as lines already; its records can no longer be read',
			);
		return (JSON.parse(this.bytes.toString('utf8')) as { data: IDataObject[] }).data;
	}

	/**
	 * The first `count` records as NDJSON: on a compact page the commas become line breaks in place
	 * and the lines are a view of it; otherwise they are copied. The page cannot be read again.
	 */
	takeLines(count: number): Uint8Array {
		this.consumed = true;
		const { bytes, rows } = this;
		const starts = (r: number) => rows.get(r, 0);
		const ends = (r: number) => rows.get(r, 1);
		const n = Math.min(count, rows.length);
		if (n === 0) return new Uint8Array(0);
		let compact = true;
		for (let r = 0; r + 1 < n && compact; r++) compact = starts(r + 1) - ends(r) === 1;
		if (compact) {
			for (let r = 0; r < n; r++) bytes[ends(r)] = LF;
			return bytes.subarray(starts(0), ends(n - 1) + 1);
		}
		let size = 0;
		for (let r = 0; r < n; r++) size += ends(r) - starts(r) + 1;
		const lines = Buffer.allocUnsafe(size);
		let at = 0;
		for (let r = 0; r < n; r++) {
			at += bytes.copy(lines, at, starts(r), ends(r));
			lines[at++] = LF;
		}
		return lines;
	}
}

/** The page scanned, noting the `watch` fields of every record, or undefined when the scan declines. */
export function scanPage(
	bytes: Buffer,
	watch: readonly string[],
	onRelease?: () => void,
): ScannedPage | undefined {
	return new Scanner(bytes, watch.map(bytesOf)).page(onRelease);
}

class Scanner {
	/** Whether whitespace (a string) since last cleared held a line break (an escape). */
	private newline = false;
	private escaped = false;
	private readonly stack = new Uint8Array(MAX_DEPTH);
	private readonly rows: Rows;
	/** 1 at each byte length a watched name has. */
	private readonly watchedLength: Uint8Array;

	constructor(
		private readonly b: Buffer,
		private readonly watch: Uint8Array[],
	) {
		this.rows = new Rows(2 + 2 * watch.length, b.length >> 10);
		this.watchedLength = new Uint8Array(1 + Math.max(0, ...watch.map((name) => name.length)));
		for (const name of watch) this.watchedLength[name.length] = 1;
	}

	page(onRelease?: () => void): ScannedPage | undefined {
		const b = this.b;
		let i = this.ws(0);
		if (b[i] !== LBRACE) return undefined;
		i = this.ws(i + 1);
		const envelope: IDataObject = {};
		let data = false;
		if (b[i] === RBRACE) return undefined;
		for (;;) {
			if (b[i] !== QUOTE) return undefined;
			const keyStart = i + 1;
			this.escaped = false;
			i = this.string(i);
			if (i < 0 || this.escaped) return undefined;
			const keyEnd = i - 1;
			i = this.ws(i);
			if (b[i] !== COLON) return undefined;
			i = this.ws(i + 1);
			if (bytesAre(b, keyStart, keyEnd, DATA)) {
				if (data) return undefined;
				data = true;
				i = this.records(i);
				if (i < 0) return undefined;
			} else {
				const valueStart = i;
				i = this.value(i);
				if (i < 0) return undefined;
				// Defined, not assigned: a field named __proto__ stays a field, as JSON.parse makes it.
				Object.defineProperty(envelope, b.toString('utf8', keyStart, keyEnd), {
					value: JSON.parse(b.toString('utf8', valueStart, i)) as unknown,
					enumerable: true,
					writable: true,
					configurable: true,
				});
			}
			i = this.ws(i);
			if (b[i] === COMMA) {
				i = this.ws(i + 1);
				continue;
			}
			if (b[i] !== RBRACE) return undefined;
			i = this.ws(i + 1);
			break;
		}
		if (i !== b.length || !data) return undefined;
		return new ScannedPage(b, this.rows, envelope, onRelease);
	}

	private records(i: number): number {
		const b = this.b;
		if (b[i] !== LBRACKET) return -1;
		i = this.ws(i + 1);
		if (b[i] === RBRACKET) return i + 1;
		for (;;) {
			if (b[i] !== LBRACE) return -1;
			const row = this.rows.add();
			this.rows.set(row, 0, i);
			this.newline = false;
			i = this.record(i, row);
			if (i < 0 || this.newline) return -1;
			this.rows.set(row, 1, i);
			i = this.ws(i);
			if (b[i] === COMMA) {
				i = this.ws(i + 1);
				continue;
			}
			return b[i] === RBRACKET ? i + 1 : -1;
		}
	}

	/** One record at i. The hottest code of a File run: whitespace and watched keys are looked for only where they could be. */
	private record(i: number, row: number): number {
		const b = this.b;
		const watch = this.watch;
		const watchedLength = this.watchedLength;
		const rows = this.rows;
		i++;
		if (b[i] <= SPACE) i = this.ws(i);
		if (b[i] === RBRACE) return i + 1;
		for (;;) {
			if (b[i] !== QUOTE) return -1;
			const keyStart = i + 1;
			this.escaped = false;
			i = this.string(i);
			if (i < 0 || this.escaped) return -1;
			const keyEnd = i - 1;
			if (b[i] <= SPACE) i = this.ws(i);
			if (b[i] !== COLON) return -1;
			i++;
			if (b[i] <= SPACE) i = this.ws(i);
			const valueStart = i;
			const c = b[i];
			i =
				c === QUOTE
					? this.string(i)
					: c === LBRACE || c === LBRACKET
						? this.value(i)
						: this.scalar(i);
			if (i < 0) return -1;
			if (watchedLength[keyEnd - keyStart] === 1) {
				for (let f = 0; f < watch.length; f++) {
					if (bytesAre(b, keyStart, keyEnd, watch[f])) {
						rows.set(row, 2 + 2 * f, valueStart);
						rows.set(row, 3 + 2 * f, i);
						break;
					}
				}
			}
			if (b[i] <= SPACE) i = this.ws(i);
			if (b[i] === COMMA) {
				i++;
				if (b[i] <= SPACE) i = this.ws(i);
				continue;
			}
			return b[i] === RBRACE ? i + 1 : -1;
		}
	}

	/** Any JSON value at i (an explicit stack, not recursion); the index after it, or -1. */
	private value(i: number): number {
		const b = this.b;
		const stack = this.stack;
		let depth = 0;
		for (;;) {
			i = this.ws(i);
			const c = b[i];
			if (c === LBRACE || c === LBRACKET) {
				i = this.ws(i + 1);
				if (b[i] === c + 2) {
					// `{}` or `[]`: closing is opening + 2.
					i++;
				} else {
					if (depth === MAX_DEPTH) return -1;
					stack[depth++] = c;
					if (c === LBRACE) {
						i = this.key(i);
						if (i < 0) return -1;
					}
					continue;
				}
			} else if (c === QUOTE) {
				i = this.string(i);
			} else {
				i = this.scalar(i);
			}
			if (i < 0) return -1;
			for (;;) {
				if (depth === 0) return i;
				i = this.ws(i);
				const d = b[i];
				const open = stack[depth - 1];
				if (d === COMMA) {
					i++;
					if (open === LBRACE) {
						i = this.key(this.ws(i));
						if (i < 0) return -1;
					}
					break;
				}
				if (d !== open + 2) return -1;
				depth--;
				i++;
			}
		}
	}

	private scalar(i: number): number {
		const c = this.b[i];
		if (c === MINUS || (c >= ZERO && c <= NINE)) return this.number(i);
		if (c === 0x74) return this.literal(i, TRUE);
		if (c === 0x66) return this.literal(i, FALSE);
		if (c === 0x6e) return this.literal(i, NULL);
		return -1;
	}

	private key(i: number): number {
		if (this.b[i] !== QUOTE) return -1;
		i = this.string(i);
		if (i < 0) return -1;
		i = this.ws(i);
		return this.b[i] === COLON ? i + 1 : -1;
	}

	private string(i: number): number {
		const b = this.b;
		i++;
		for (;;) {
			while (IN_STRING[b[i]] === 0) i++;
			switch (IN_STRING[b[i]]) {
				case 1:
					return i + 1;
				case 2: {
					this.escaped = true;
					const kind = ESCAPE[b[i + 1]];
					if (kind === 1) i += 2;
					else if (kind === 2 && HEX[b[i + 2]] && HEX[b[i + 3]] && HEX[b[i + 4]] && HEX[b[i + 5]])
						i += 6;
					else return -1;
					break;
				}
				case 4:
					i = this.utf8(i);
					if (i < 0) return -1;
					break;
				default:
					return -1;
			}
		}
	}

	/** A well-formed UTF-8 sequence at i (no overlong form, no surrogate, at most U+10FFFF). */
	private utf8(i: number): number {
		const b = this.b;
		const lead = b[i];
		if (lead < 0xc2 || lead > 0xf4) return -1;
		if (lead < 0xe0) return cont(b[i + 1]) ? i + 2 : -1;
		const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
		const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
		const second = b[i + 1];
		if (!(second >= low && second <= high)) return -1;
		if (lead < 0xf0) return cont(b[i + 2]) ? i + 3 : -1;
		return cont(b[i + 2]) && cont(b[i + 3]) ? i + 4 : -1;
	}

	private number(i: number): number {
		const b = this.b;
		if (b[i] === MINUS) i++;
		if (b[i] === ZERO) i++;
		else if (b[i] > ZERO && b[i] <= NINE) i = digits(b, i + 1);
		else return -1;
		if (b[i] === DOT) {
			if (!digit(b[i + 1])) return -1;
			i = digits(b, i + 2);
		}
		if (b[i] === 0x65 || b[i] === 0x45) {
			i++;
			if (b[i] === PLUS || b[i] === MINUS) i++;
			if (!digit(b[i])) return -1;
			i = digits(b, i + 1);
		}
		return i;
	}

	private literal(i: number, word: Uint8Array): number {
		for (let k = 0; k < word.length; k++) if (this.b[i + k] !== word[k]) return -1;
		return i + word.length;
	}

	private ws(i: number): number {
		const b = this.b;
		for (;;) {
			const c = b[i];
			if (c === SPACE || c === 0x09) i++;
			else if (c === LF || c === CR) {
				this.newline = true;
				i++;
			} else return i;
		}
	}
}

function bytesAre(bytes: Uint8Array, start: number, end: number, word: Uint8Array): boolean {
	if (end - start !== word.length) return false;
	for (let k = 0; k < word.length; k++) if (bytes[start + k] !== word[k]) return false;
	return true;
}

/** Rows of numbers in one Int32Array grown by doubling: no array per record. */
class Rows {
	private data: Int32Array;
	length = 0;

	constructor(
		private readonly width: number,
		expected: number,
	) {
		this.data = new Int32Array(Math.max(64, expected) * width);
	}

	add(): number {
		const end = (this.length + 1) * this.width;
		if (end > this.data.length) {
			const grown = new Int32Array(this.data.length * 2);
			grown.set(this.data);
			this.data = grown;
		}
		this.data.fill(-1, end - this.width, end);
		return this.length++;
	}

	get(row: number, cell: number): number {
		return this.data[row * this.width + cell];
	}

	set(row: number, cell: number, value: number): void {
		this.data[row * this.width + cell] = value;
	}
}

function cont(c: number): boolean {
	return c >= 0x80 && c <= 0xbf;
}

function digit(c: number): boolean {
	return c >= ZERO && c <= NINE;
}

function digits(b: Buffer, i: number): number {
	while (digit(b[i])) i++;
	return i;
}

function bytesOf(text: string): Uint8Array {
	return Buffer.from(text, 'utf8');
}
