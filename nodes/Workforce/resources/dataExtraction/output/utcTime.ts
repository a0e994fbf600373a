/** A time as the service writes it (`2025-08-05T08:00:00.000Z`), read from its bytes: no string per record. */

const ZERO = 0x30;
const DASH = 0x2d;
const COLON = 0x3a;
const DOT = 0x2e;
const T = 0x54;
const Z = 0x5a;

/**
 * What Date.parse returns for bytes[start, end), or undefined for any other form or range (year
 * before 100, hour 24, second 60, day 0 or past 31): the caller parses those as text.
 */
export function utcTimeAt(bytes: Uint8Array, start: number, end: number): number | undefined {
	const length = end - start;
	if (length !== 20 && length !== 24) return undefined;
	if (
		bytes[start + 4] !== DASH ||
		bytes[start + 7] !== DASH ||
		bytes[start + 10] !== T ||
		bytes[start + 13] !== COLON ||
		bytes[start + 16] !== COLON ||
		bytes[end - 1] !== Z
	) {
		return undefined;
	}
	const year = digitsAt(bytes, start, 4);
	const month = digitsAt(bytes, start + 5, 2);
	const day = digitsAt(bytes, start + 8, 2);
	const hour = digitsAt(bytes, start + 11, 2);
	const minute = digitsAt(bytes, start + 14, 2);
	const second = digitsAt(bytes, start + 17, 2);
	let millisecond = 0;
	if (length === 24) {
		if (bytes[start + 19] !== DOT) return undefined;
		millisecond = digitsAt(bytes, start + 20, 3);
	}
	if (
		year < 100 ||
		month < 1 ||
		month > 12 ||
		day < 1 ||
		day > 31 ||
		hour < 0 ||
		hour > 23 ||
		minute < 0 ||
		minute > 59 ||
		second < 0 ||
		second > 59 ||
		millisecond < 0
	) {
		return undefined;
	}
	return Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
}

function digitsAt(bytes: Uint8Array, at: number, count: number): number {
	let value = 0;
	for (let k = 0; k < count; k++) {
		const digit = bytes[at + k] - ZERO;
		if (!(digit >= 0 && digit <= 9)) return -1;
		value = value * 10 + digit;
	}
	return value;
}
