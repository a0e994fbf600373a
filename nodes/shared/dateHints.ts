/**
 * How a date field reads, said the same way in every field. Work dates are calendar days; instants
 * written without a zone (n8n's date picker writes a wall-clock time) are read in n8n's time zone
 * by node version 2 and as UTC by version 1, so the hint says both and how to pin a zone.
 */
export const CALENDAR_DAY_HINT =
	'A calendar day, yyyy-MM-dd (e.g. 2026-10-01); a time part is ignored'; // no final period: each description adds it

/** Work dates (payroll export) are calendar days; this one ends its sentence. */
export const WORK_DATE_HINT = `${CALENDAR_DAY_HINT}.`;

export const INSTANT_HINT =
	"An instant; without a zone it is a time in n8n's time zone (the workflow's Timezone setting, else the instance's): 2026-10-01T06:00:00 is 06:00 in Oslo when that is Europe/Oslo (a node saved before node version 2 reads it as UTC). To pin the zone write it, 2026-10-01T06:00:00Z for 06:00 UTC or 2026-10-01T06:00:00+02:00"; // no final period: each description adds it

/** For a field best written with its zone (the trigger's Start Date; a filter sent to the service as is). */
export const ZONED_INSTANT_HINT =
	'An instant: write it with its zone, 2026-10-01T06:00:00Z for 06:00 UTC or 2026-10-01T06:00:00+02:00 for 06:00 at UTC+2 (or an expression such as {{ DateTime.fromISO("2026-10-01T06:00", { zone: "Europe/Oslo" }).toISO() }})'; // no final period: each description adds it

/** For a date the node passes on as written (project and machine dates: the service keeps a date-time). */
export const DAY_OR_ZONED_INSTANT_HINT =
	'A day, 2026-05-01, or an instant with its zone, 2026-05-01T07:00:00Z or 2026-05-01T09:00:00+02:00; sent as written, so a time without a zone is left to the service'; // no final period: each description adds it
