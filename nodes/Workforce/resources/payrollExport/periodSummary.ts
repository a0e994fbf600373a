import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { editorZone } from '../../../shared/editorZone';
import { plural } from '../../../shared/plural';
import { PERIOD_OPTIONS } from './fields';
import type { ExportRequest } from './query';

/** Words of the data filter, as the summary says them. */
const DATA_FILTER_WORDS: Record<number, string> = {
	0: 'only approved',
	5: 'only locked',
	10: 'all data',
};

const USER_FILTER_WORDS: Record<string, string> = {
	'all-users': 'all users',
	'paid-by-hour': 'hourly paid users only',
	'fixed-pay': 'fixed-pay users only',
};

/** Filters and settings besides users and data, named as the fields are. */
const OTHER_FILTERS: Array<[string, string]> = [
	['companyIds', 'Company IDs'],
	['projectIds', 'Project IDs'],
	['payrollTypeIds', 'Payroll Type IDs'],
	['absenceTypeIds', 'Absence Type IDs'],
	['modifiedSinceDate', 'Modified Since Date'],
	['onlyDataFromExternalProjects', 'Only Data From External Projects'],
	[
		'overridePayrollExportSettingsForFixedPayEmployees',
		'Override Export Settings for Fixed-Pay Employees',
	],
	['exportAllPayrollTypes', 'Export All Payroll Types'],
	['includeAllAbsence', 'Include All Absence'],
];

/** The period and filters of a version 2 export, for the hint and the output (issue 44). */
export interface PeriodSummary extends IDataObject {
	/** "2026-10-01 to 2026-10-31 (Last Month in Europe/Oslo), all users, only approved: 235 lines, 8 employees" */
	text: string;
	fromWorkDate: string;
	toWorkDate: string;
	/** The Period chosen: lastMonth, thisMonth or dateRange. */
	period: string;
	timeZone: string;
	userPayrollTypeFilter: string;
	userIds: string[];
	dataFilter: string;
	lines: number | null;
	employees: number | null;
}

const listed = (ids: string[]) =>
	ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more`;

/** What periodText says: the period, the filters and what went out. */
export interface PeriodParts {
	from: string;
	to: string;
	/** The Period chosen: lastMonth, thisMonth or dateRange. */
	period: string;
	timeZone: string;
	userPayrollTypeFilter: string;
	userIds: string[];
	/** The labels of the other filters and settings given (OTHER_FILTERS). */
	filters: string[];
	dataFilter: number;
	/** What went out: `235 lines, 8 employees` (countWords), or a file's bytes. */
	words: string;
}

/** "235 lines, 8 employees" */
export const countWords = (rows: number, employees: number, noun: string) =>
	`${plural(rows, noun)}, ${plural(employees, 'employee')}`;

/** "2026-10-01 to 2026-10-31 (Last Month in Europe/Oslo), all users, only approved: 235 lines, 8 employees" */
export function periodText(p: PeriodParts): string {
	const preset = PERIOD_OPTIONS.find((o) => o.value === p.period)?.name ?? p.period;
	const userFilter = p.userPayrollTypeFilter;
	const users = p.userIds.length
		? `users ${listed(p.userIds)}${userFilter === 'all-users' ? '' : ` (${USER_FILTER_WORDS[userFilter] ?? userFilter})`}`
		: (USER_FILTER_WORDS[userFilter] ?? userFilter);
	const where =
		p.period === 'dateRange' ? `${preset}, ${p.timeZone}` : `${preset} in ${p.timeZone}`;
	const filters = [
		users,
		...(p.filters.length ? [`filters set: ${p.filters.join(', ')}`] : []),
		dataFilterWords(p.dataFilter),
	];
	return `${p.from} to ${p.to} (${where}), ${filters.join(', ')}: ${p.words}`;
}

const dataFilterWords = (dataFilter: number) => DATA_FILTER_WORDS[dataFilter] ?? String(dataFilter);

/**
 * What was exported, in one line a clerk checks at a glance. `counted` is what the rows were
 * (`235 lines`, or a file's bytes when no line was read); the employees are left out when unknown.
 */
export function periodSummary(
	ctx: IExecuteFunctions,
	request: ExportRequest,
	itemIndex: number,
	counted: { lines: number | null; employees: number | null; words: string },
): PeriodSummary {
	const period = String(ctx.getNodeParameter('period', itemIndex, 'lastMonth'));
	const timeZone = editorZone(ctx, itemIndex) ?? 'UTC';
	const userIds = (request.qs.userIds as string[] | undefined) ?? [];
	const userPayrollTypeFilter = request.settings.userPayrollTypeFilter;
	const filters = OTHER_FILTERS.filter(([name]) => request.qs[name] !== undefined).map(
		([, label]) => label,
	);
	const { dataFilter } = request.settings;
	return {
		text: periodText({
			from: request.from,
			to: request.to,
			period,
			timeZone,
			userPayrollTypeFilter,
			userIds,
			filters,
			dataFilter,
			words: counted.words,
		}),
		fromWorkDate: request.from,
		toWorkDate: request.to,
		period,
		timeZone,
		userPayrollTypeFilter,
		userIds,
		dataFilter: dataFilterWords(dataFilter),
		lines: counted.lines,
		employees: counted.employees,
	};
}

/** The hint of every run: what it exported. */
export const periodMessage = (text: string) => `Payroll export: ${text}.`;

/** The summary as the run's hint: every run says what it exported. */
export function periodHint(ctx: IExecuteFunctions, summary: PeriodSummary) {
	ctx.addExecutionHints({ message: periodMessage(summary.text), location: 'outputPane' });
}
