import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { dateOfDay, dayNumber, DAY_MS } from '../../../shared/dates';
import { editorZone } from '../../../shared/editorZone';
import { isVersion2 } from '../../../shared/nodeVersion';
import { USER_PAYROLL_TYPE_DEFAULT_V2 } from '../../../shared/payrollExportFilters';
import { readPeriod, readTypedWorkDate, readWorkDate, type WorkDates } from './period';

/** The service refuses a range whose ends lie more than 45 days apart; windows stay within 45 days, both ends inclusive. */
export const MAX_RANGE_DAYS = 45;
/** Days per window: a window [d, d + 44] spans 45 work dates, safely inside the limit. */
export const WINDOW_DAYS = 45;
export const DEFAULT_RANGE_DAYS = 14;

const LISTS = ['userIds', 'companyIds', 'projectIds', 'payrollTypeIds', 'absenceTypeIds'];
const FLAGS = [
	'overridePayrollExportSettingsForFixedPayEmployees',
	'exportAllPayrollTypes',
	'includeAllAbsence',
	'onlyDataFromExternalProjects',
];

export interface ExportRequest {
	/** Filter parameters without the work dates. */
	qs: IDataObject;
	/** The work-date range asked for (explicit or the service's default), inclusive. */
	from: string;
	to: string;
	/** Whether the user gave the dates (otherwise the service's defaults apply). */
	explicit: boolean;
	/** Consecutive inclusive windows covering [from, to] exactly once. */
	windows: Array<{ from: string; to: string }>;
	settings: {
		dataFilter: number;
		userPayrollTypeFilter: string;
		exportAllPayrollTypes: boolean;
		includeAllAbsence: boolean;
		modifiedSinceDate?: string;
	};
}

/** Reads the export parameters of one item and does the spec's checks before any call. */
export function readExportRequest(
	this: IExecuteFunctions,
	itemIndex: number,
	extraFilters: string[] = [],
): ExportRequest {
	const node = this.getNode();
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// Version 2: the period is explicit (Period); version 1: empty dates are the service's default.
	const version2 = isVersion2(this);
	const zone = version2 ? editorZone(this, itemIndex)! : undefined;
	const { from, to }: WorkDates =
		zone !== undefined ? readPeriod(this, itemIndex, zone) : defaultedDates(this, itemIndex);
	if (dayNumber(from) > dayNumber(to)) {
		throw new NodeOperationError(node, `From Work Date (${from}) is after To Work Date (${to})`, {
			description: 'Both work dates are inclusive; put From Work Date on or before To Work Date.',
			itemIndex,
		});
	}
	const span = dayNumber(to) - dayNumber(from);
	const split = options.splitLongRanges !== false;
	if (span > MAX_RANGE_DAYS && !split) {
		throw new NodeOperationError(
			node,
			`The payroll export range ${from} to ${to} spans ${span + 1} days; the service allows at most ${MAX_RANGE_DAYS} days between From Work Date and To Work Date`,
			{
				description: `Turn on Options > Split Ranges Over 45 Days to fetch it in windows of ${WINDOW_DAYS} days, or shorten the range.`,
				itemIndex,
			},
		);
	}

	const qs: IDataObject = {
		dataFilter: this.getNodeParameter('dataFilter', itemIndex, 0) as number,
		userPayrollTypeFilter: this.getNodeParameter(
			'userPayrollTypeFilter',
			itemIndex,
			version2 ? USER_PAYROLL_TYPE_DEFAULT_V2 : 'paid-by-hour',
		) as string,
	};
	const modifiedSinceDate =
		zone !== undefined
			? readTypedWorkDate(this, itemIndex, 'Modified Since Date', filters.modifiedSinceDate, zone)
			: readWorkDate(this, itemIndex, 'Modified Since Date', filters.modifiedSinceDate);
	if (modifiedSinceDate) {
		const now = new Date();
		const oldest = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate()))
			.toISOString()
			.slice(0, 10);
		if (modifiedSinceDate < oldest) {
			throw new NodeOperationError(
				node,
				`Modified Since Date ${modifiedSinceDate} is more than one year back (oldest supported: ${oldest})`,
				{
					description:
						'Edits older than one year are not found via modifiedSinceDate. Re-export the work-date range instead: clear Modified Since Date and set From/To Work Date to the period.',
					itemIndex,
				},
			);
		}
		qs.modifiedSinceDate = modifiedSinceDate;
	}
	for (const name of LISTS) {
		const list = toList(filters[name], (problem) => {
			throw new NodeOperationError(node, `${LIST_LABELS[name]} ${problem}`, {
				description: `Give the IDs separated by commas (a, b) or as a JSON array (["a", "b"]) in Filters > ${LIST_LABELS[name]}.`,
				itemIndex,
			});
		});
		if (list.length) qs[name] = list;
	}
	for (const name of FLAGS) if (filters[name] === true) qs[name] = true;
	for (const name of extraFilters) {
		const value = filters[name];
		if (value !== undefined && value !== '') qs[name] = value;
	}
	const windows: Array<{ from: string; to: string }> = [];
	if (span > MAX_RANGE_DAYS) {
		for (let start = dayNumber(from); start <= dayNumber(to); start += WINDOW_DAYS) {
			windows.push({
				from: dateOfDay(start),
				to: dateOfDay(Math.min(start + WINDOW_DAYS - 1, dayNumber(to))),
			});
		}
	} else {
		windows.push({ from, to });
	}
	return {
		qs,
		from,
		to,
		explicit: version2 || explicitDates(this, itemIndex),
		windows,
		settings: {
			dataFilter: qs.dataFilter as number,
			userPayrollTypeFilter: qs.userPayrollTypeFilter as string,
			exportAllPayrollTypes: qs.exportAllPayrollTypes === true,
			includeAllAbsence: qs.includeAllAbsence === true,
			modifiedSinceDate,
		},
	};
}

/** Version 1's work dates: an empty To Work Date is today (UTC), an empty From Work Date 14 days before it. */
function defaultedDates(ctx: IExecuteFunctions, itemIndex: number): WorkDates {
	const read = (name: string, label: string) =>
		readWorkDate(ctx, itemIndex, label, ctx.getNodeParameter(name, itemIndex, ''));
	const fromInput = read('fromWorkDate', 'From Work Date');
	const toInput = read('toWorkDate', 'To Work Date');
	const today = dateOfDay(Math.floor(Date.now() / DAY_MS));
	const to = toInput ?? today;
	return { from: fromInput ?? dateOfDay(dayNumber(to) - DEFAULT_RANGE_DAYS), to };
}

/** Whether version 1 was given a work date (otherwise the service's default range is asked for). */
function explicitDates(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return ['fromWorkDate', 'toWorkDate'].some((name) => {
		const value = ctx.getNodeParameter(name, itemIndex, '');
		return value !== undefined && value !== null && value !== '';
	});
}

/** The query of one window: the work dates only when the user gave them or the range is split. */
export function windowQuery(
	request: ExportRequest,
	window: { from: string; to: string },
): IDataObject {
	if (!request.explicit && request.windows.length === 1) return request.qs;
	return { fromWorkDate: window.from, toWorkDate: window.to, ...request.qs };
}

/** A comma-separated string or an array (from an expression) as a clean list. */
const LIST_LABELS: Record<string, string> = {
	userIds: 'User IDs',
	companyIds: 'Company IDs',
	projectIds: 'Project IDs',
	payrollTypeIds: 'Payroll Type IDs',
	absenceTypeIds: 'Absence Type IDs',
};

/**
 * IDs from an array, JSON array text or comma-separated text. Text that starts like JSON but does
 * not parse is refused: split at its commas it would become IDs such as `["a"` and filter
 * everything out.
 */
function toList(value: unknown, fail: (problem: string) => never): string[] {
	if (value === undefined || value === null || value === '') return [];
	let source = value;
	if (typeof value === 'string' && /^\s*[[{"]/.test(value)) {
		try {
			source = JSON.parse(value);
		} catch {
			fail(`is not valid JSON: "${value.length > 60 ? `${value.slice(0, 60)}…` : value}"`);
		}
		if (!Array.isArray(source) && typeof source !== 'string') fail('must be a list of IDs');
	}
	if (Array.isArray(source) && source.some((v) => v !== null && typeof v === 'object'))
		fail('must be a list of IDs, not of objects');
	const parts = Array.isArray(source) ? source.map(String) : String(source).split(',');
	return parts.map((s) => s.trim()).filter((s) => s !== '');
}

/** Parallel Requests of the options: 45-day windows fetched at once (4 when not set). */
export function readParallel(ctx: IExecuteFunctions, itemIndex: number): number {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const raw = options.parallelRequests ?? 4;
	const parallel = Number(raw);
	if (!Number.isInteger(parallel) || parallel < 1 || parallel > 8) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Parallel Requests must be a whole number from 1 to 8, not ${String(raw)}`,
			{
				description:
					'Set how many 45-day windows may be fetched at once; 4 is light for the service.',
				itemIndex,
			},
		);
	}
	return parallel;
}
