/**
 * How a date field reads, said the same way in every field. Work dates are calendar days; instants
 * are read as UTC when written without a zone (the service's timestamps are UTC), and n8n's date
 * picker writes a wall-clock time without a zone, so the hint shows how to give a local time.
 */
export const CALENDAR_DAY_HINT =
	'A calendar day, yyyy-MM-dd (e.g. 2026-10-01); a time part is ignored'; // no final period: each description adds it

/** Work dates (payroll export) are calendar days; this one ends its sentence. */
export const WORK_DATE_HINT = `${CALENDAR_DAY_HINT}.`;

export const INSTANT_HINT =
	'An instant, UTC when written without a zone (2026-10-01T06:00:00 is 06:00 UTC); for a local time add its offset (2026-10-01T06:00:00+02:00) or an expression such as {{ DateTime.fromISO("2026-10-01T06:00", { zone: "Europe/Oslo" }).toISO() }}'; // no final period: each description adds it

/** For a field read as written (the trigger's Start Date, a filter sent to the service as is). */
export const ZONED_INSTANT_HINT =
	'An instant: write it with its zone, 2026-10-01T06:00:00Z for 06:00 UTC or 2026-10-01T06:00:00+02:00 for 06:00 at UTC+2 (or an expression such as {{ DateTime.fromISO("2026-10-01T06:00", { zone: "Europe/Oslo" }).toISO() }})'; // no final period: each description adds it

/** For a date the node passes on as written (project and machine dates: the service keeps a date-time). */
export const DAY_OR_ZONED_INSTANT_HINT =
	'A day, 2026-05-01, or an instant with its zone, 2026-05-01T07:00:00Z or 2026-05-01T09:00:00+02:00; sent as written, so a time without a zone is left to the service'; // no final period: each description adds it
