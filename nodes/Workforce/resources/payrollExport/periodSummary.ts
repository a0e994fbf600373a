import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { editorZone } from '../../../shared/editorZone';
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
	const zone = editorZone(ctx, itemIndex) ?? 'UTC';
	const preset = PERIOD_OPTIONS.find((o) => o.value === period)?.name ?? period;
	const userIds = (request.qs.userIds as string[] | undefined) ?? [];
	const userFilter = request.settings.userPayrollTypeFilter;
	const users = userIds.length
		? `users ${listed(userIds)}${userFilter === 'all-users' ? '' : ` (${USER_FILTER_WORDS[userFilter] ?? userFilter})`}`
		: (USER_FILTER_WORDS[userFilter] ?? userFilter);
	const others = OTHER_FILTERS.filter(([name]) => request.qs[name] !== undefined).map(
		([, label]) => label,
	);
	const dataFilter =
		DATA_FILTER_WORDS[request.settings.dataFilter] ?? String(request.settings.dataFilter);
	const where = period === 'dateRange' ? `${preset}, ${zone}` : `${preset} in ${zone}`;
	const filters = [
		users,
		...(others.length ? [`filters set: ${others.join(', ')}`] : []),
		dataFilter,
	];
	return {
		text: `${request.from} to ${request.to} (${where}), ${filters.join(', ')}: ${counted.words}`,
		fromWorkDate: request.from,
		toWorkDate: request.to,
		period,
		timeZone: zone,
		userPayrollTypeFilter: userFilter,
		userIds,
		dataFilter,
		lines: counted.lines,
		employees: counted.employees,
	};
}

/** The summary as the run's hint: every run says what it exported. */
export function periodHint(ctx: IExecuteFunctions, summary: PeriodSummary) {
	ctx.addExecutionHints({ message: `Payroll export: ${summary.text}.`, location: 'outputPane' });
}
