/**
 * Wall-clock times in an IANA time zone (n8n's `getTimezone()`: the workflow's setting, else the
 * instance's), without a date library: the zone's offset at an instant comes from Intl.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `undefined` when the zone is not one Intl knows. */
function formatter(zone: string): Intl.DateTimeFormat | undefined {
	let f = formatters.get(zone);
	if (f) return f;
	try {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
	} catch {
		return undefined;
	}
	formatters.set(zone, f);
	return f;
}

export function isKnownZone(zone: string): boolean {
	return formatter(zone) !== undefined;
}

/** The wall clock of `zone` at the instant `ms`, as milliseconds of a UTC date with the same digits. */
function wallClockMs(zone: string, ms: number): number {
	const parts: Record<string, number> = {};
	for (const p of formatter(zone)!.formatToParts(new Date(ms)))
		if (p.type !== 'literal') parts[p.type] = Number(p.value);
	const wall = Date.UTC(
		parts.year,
		parts.month - 1,
		parts.day,
		parts.hour,
		parts.minute,
		parts.second,
	);
	return wall + (((ms % 1000) + 1000) % 1000);
}

/** The zone's offset from UTC at the instant `ms` (Oslo in winter: +3,600,000). */
export function zoneOffsetMs(zone: string, ms: number): number {
	return wallClockMs(zone, ms) - ms;
}

/**
 * The instant at which the zone's clocks show `wallMs` (a wall-clock time written as UTC
 * milliseconds). A time the clocks skip (spring forward) is read with the offset before the
 * change, so it lands as far past the gap as it was into it; a time they show twice (autumn) is
 * the first of the two.
 */
export function wallClockToInstant(zone: string, wallMs: number): number {
	const before = zoneOffsetMs(zone, wallMs - 86_400_000);
	const after = zoneOffsetMs(zone, wallMs + 86_400_000);
	// The offset a day around is the offset at the time unless a change lies between them.
	for (const offset of [Math.max(before, after), Math.min(before, after)])
		if (zoneOffsetMs(zone, wallMs - offset) === offset) return wallMs - offset;
	return wallMs - before;
}

/** The calendar day (yyyy-MM-dd) the zone's clocks show at the instant `ms`. */
export function dayInZone(zone: string, ms: number): string {
	return new Date(wallClockMs(zone, ms)).toISOString().slice(0, 10);
}
