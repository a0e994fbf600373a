import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import { dateOfDay, dayNumber, toDateOnly } from '../../../shared/dates';
import { dayInZone } from '../../../shared/zonedTime';
import { PERIOD_OPTIONS } from './fields';
import { expressionDayRule, readTypedDay, TYPED_DAY_FORMATS } from './typedDay';

/** A work-date range, both ends inclusive (yyyy-MM-dd). */
export interface WorkDates {
	from: string;
	to: string;
}

/** Version 1's words: its work dates are n8n's date picker. */
const DATE_FORMAT =
	'Give the work date as yyyy-MM-dd, e.g. 2026-10-01: a date typed as 01.10.2026 is dropped by the date picker (type 2026-10-01 or pick the day), and an expression must give yyyy-MM-dd or an ISO date-time.';

/**
 * Version 2's work-date field (typed text, typedDay.ts) read as a calendar day in n8n's time
 * zone; `undefined` when empty, refused by name when it is not a day or could be two.
 */
export function readTypedWorkDate(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	zone: string,
): string | undefined {
	const read = readTypedDay(value, zone);
	if (read === undefined || 'day' in read) return read?.day;
	const shown = `"${String(value)}"`;
	throw read.refused === 'ambiguous'
		? new NodeOperationError(ctx.getNode(), `${label} is ambiguous: ${shown}`, {
				description: `A day written with slashes or day-first dashes can be read day first or month first. Type it as ${TYPED_DAY_FORMATS}.`,
				itemIndex,
			})
		: new NodeOperationError(ctx.getNode(), `${label} is not a date: ${shown}`, {
				description: `Type the day as ${TYPED_DAY_FORMATS}; ${expressionDayRule(`n8n's time zone, ${zone}`)}.`,
				itemIndex,
			});
}

/** Version 1's work-date field (n8n's date picker) read as a calendar day; `undefined` when empty, refused when unreadable. */
export function readWorkDate(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	zone?: string,
): string | undefined {
	const day = toDateOnly(value, zone);
	if (day === null)
		throw new NodeOperationError(ctx.getNode(), `${label} is not a date: "${String(value)}"`, {
			description: DATE_FORMAT,
			itemIndex,
		});
	return day;
}

/**
 * Version 2's explicit period: Last Month and This Month are calendar months on n8n's clock in
 * its time zone (a payroll clerk in Oslo running on the 1st at 00:30 gets the month that just
 * ended, not the one before); Date Range needs both dates, so an empty one is an error rather
 * than the service's default fortnight.
 */
export function readPeriod(ctx: IExecuteFunctions, itemIndex: number, zone: string): WorkDates {
	const node = ctx.getNode();
	const period = String(ctx.getNodeParameter('period', itemIndex, 'lastMonth'));
	const today = dayInZone(zone, Date.now());
	const [year, month] = today.split('-').map(Number);
	const firstOf = (y: number, m: number) =>
		new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10);
	if (period === 'lastMonth') {
		const first = firstOf(year, month - 1);
		return { from: first, to: dateOfDay(dayNumber(firstOf(year, month)) - 1) };
	}
	if (period === 'thisMonth') return { from: firstOf(year, month), to: today };
	if (period !== 'dateRange')
		throw new NodeOperationError(node, `Period has an unknown value: "${period}"`, {
			description: `Choose one of ${PERIOD_OPTIONS.map((o) => `${o.name} (${String(o.value)})`).join(', ')}.`,
			itemIndex,
		});
	const ends = [
		['fromWorkDate', 'From Work Date', 'first'],
		['toWorkDate', 'To Work Date', 'last'],
	].map(([name, label, which]) => {
		const day = readTypedWorkDate(
			ctx,
			itemIndex,
			label,
			ctx.getNodeParameter(name, itemIndex, ''),
			zone,
		);
		if (day === undefined)
			throw new NodeOperationError(node, `${label} is empty`, {
				description: `With Period Date Range, type the ${which} work date as ${which === 'first' ? TYPED_DAY_FORMATS : '2026-10-31 (yyyy-MM-dd) or 31.10.2026 (dd.MM.yyyy)'}, or choose Period Last Month or This Month.`,
				itemIndex,
			});
		return day;
	});
	return { from: ends[0], to: ends[1] };
}
