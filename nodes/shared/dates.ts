import { wallClockToInstant, dayInZone } from './zonedTime';

/**
 * Date helpers for query parameters. A date-time written without a zone is a wall-clock time in
 * `zone` (node version 2: n8n's time zone), or UTC without one (version 1; the service's
 * timestamps are UTC); `undefined` for an empty value, `null` for one that is not a date.
 */
export function toUtcIso(value: unknown, zone?: string): string | undefined | null {
	if (value === undefined || value === null || value === '') return undefined;
	const raw = asText(value);
	if (raw === '') return undefined;
	if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(raw))
		return null;
	const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(raw);
	const zoned = raw.length === 10 ? `${raw}T00:00:00Z` : hasZone ? raw : `${raw}Z`;
	let ms = Date.parse(zoned.replace(' ', 'T'));
	if (Number.isNaN(ms)) return null;
	if (!hasZone && zone !== undefined) ms = wallClockToInstant(zone, ms);
	return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/**
 * A calendar date `yyyy-MM-dd` from a date or date-time value: its date part as written. A Date
 * object is an instant: its day in `zone` (UTC without one).
 */
export function toDateOnly(value: unknown, zone?: string): string | undefined | null {
	if (value === undefined || value === null || value === '') return undefined;
	const raw =
		value instanceof Date && zone !== undefined && !Number.isNaN(value.getTime())
			? dayInZone(zone, value.getTime())
			: asText(value);
	const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
	if (!m) return null;
	const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
	const back = new Date(ms).toISOString().slice(0, 10);
	return back === m[0] ? back : null;
}

/**
 * A date value as text: a string trimmed, a Date (an expression's `.toJSDate()`, `new Date()`) in
 * ISO form as n8n writes a Date in item JSON (UTC). An invalid Date reads "Invalid Date", so the
 * caller's check names the field instead of toISOString's RangeError reaching the user.
 */
export function asText(value: unknown): string {
	if (typeof value === 'string') return value.trim();
	if (value instanceof Date)
		return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
	return String(value);
}

export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `yyyy-MM-dd` date. */
export function dayNumber(date: string): number {
	return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateOfDay(day: number): string {
	return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
