import { asText } from '../../../shared/dates';
import { dayInZone } from '../../../shared/zonedTime';
import { calendarDate } from '../../helpers/peopleFormats';

/**
 * A work date of node version 2, typed as text (issue 44): n8n's date picker drops a day typed
 * alone, keeps a stale date when one is typed over it and sets "now" on OK, so version 2's work
 * dates are plain text fields read here, exactly or not at all.
 */

/** The forms a clerk types, said the same way in hints, placeholders and errors. */
export const TYPED_DAY_FORMATS = '2026-10-01 (yyyy-MM-dd) or 01.10.2026 (dd.MM.yyyy)';

/** What an expression may give besides those forms; `zone` says which zone its day is in. */
export function expressionDayRule(
	zone = "n8n's time zone (the workflow's Timezone setting, else the instance's)",
): string {
	return `an expression may also give an ISO date-time or a DateTime such as {{ $today }}: its day in ${zone}`;
}

/** Under a version 2 work-date field. */
export const TYPED_DAY_HINT = 'Type the day as 2026-10-01 or 01.10.2026';

/** A version 2 work date's description sentence (no final period: each description adds it). */
export const TYPED_DAY_DESCRIPTION = `A calendar day typed as ${TYPED_DAY_FORMATS}; ${expressionDayRule()}`;

type Read = { day: string } | { refused: 'ambiguous' | 'notADay' };

/** `undefined`: nothing given. */
export type TypedDay = Read | undefined;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DOTTED = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** Days written with slashes or day-first dashes (01/10/2026, 10-01-2026): day or month first? */
const AMBIGUOUS = /^\d{1,2}[/-]\d{1,2}[/-]\d{2,4}$/;

/**
 * The calendar day a version 2 work-date field holds, read in n8n's time zone `zone`:
 * `yyyy-MM-dd` and `dd.MM.yyyy` are that day; an ISO date-time without a zone is its date (a
 * wall-clock time in `zone`); an instant (a date-time with its zone, a Date, a Luxon DateTime such
 * as `$today`) is its day in `zone`. Anything else is refused, never guessed.
 */
export function readTypedDay(value: unknown, zone: string): TypedDay {
	if (value === undefined || value === null) return undefined;
	const text = asText(value);
	if (text === '') return undefined;
	const dayOf = (y: string, m: string, d: string): Read => {
		const day = calendarDate(Number(y), Number(m), Number(d));
		return day === undefined ? notADay : { day };
	};
	let m = DAY.exec(text);
	if (m) return dayOf(m[1], m[2], m[3]);
	m = DOTTED.exec(text);
	if (m) return dayOf(m[3], m[2], m[1]);
	m = DATE_TIME.exec(text);
	if (m) {
		const [, y, mo, d, h, mi, s = '0', offset] = m;
		if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return notADay;
		const date = dayOf(y, mo, d);
		if (offset === undefined || 'refused' in date) return date;
		const o = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset);
		const minutes = o ? (o[1] === '-' ? -1 : 1) * (Number(o[2]) * 60 + Number(o[3] ?? 0)) : 0;
		const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
		return { day: dayInZone(zone, wall - minutes * 60_000) };
	}
	return AMBIGUOUS.test(text) ? { refused: 'ambiguous' } : notADay;
}

const notADay: Read = { refused: 'notADay' };
