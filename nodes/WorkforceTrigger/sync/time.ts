/**
 * Timestamps of the service are UTC ISO strings, but some producers omit the zone and send
 * `0001-01-01...` for "no value" (behaviour notes): read both the way the service means them.
 */
export function parseServiceTime(value: unknown): number | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const text = value.trim();
	if (text.startsWith('0001-01-01')) return undefined;
	const zoned = /([zZ]|[+-]\d{2}:?\d{2})$/.test(text) || !text.includes('T') ? text : `${text}Z`;
	const ms = Date.parse(zoned);
	return Number.isNaN(ms) ? undefined : ms;
}

export function iso(ms: number): string {
	return new Date(ms).toISOString();
}

/** `YYYY-MM-DD` of a UTC instant. */
export function isoDate(ms: number): string {
	return iso(ms).slice(0, 10);
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
