import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { itemBudgetOption } from '../../helpers/itemBudget';
import { WORK_DATE_HINT } from '../../../shared/dateHints';
import { BEFORE_VERSION_2, FROM_VERSION_2 } from '../../../shared/nodeVersion';
import {
	DATA_FILTER_OPTIONS,
	USER_PAYROLL_TYPE_DEFAULT_V2,
	USER_PAYROLL_TYPE_OPTIONS,
} from '../../../shared/payrollExportFilters';
import { completenessField } from './completenessField';
import { TYPED_DAY_DESCRIPTION, TYPED_DAY_FORMATS, TYPED_DAY_HINT } from './typedDay';

/** Period of the payroll export in version 2: months are calendar months in n8n's time zone. */
export const PERIOD_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Last Month',
		value: 'lastMonth',
		description: "The whole previous calendar month, in n8n's time zone",
	},
	{
		name: 'This Month',
		value: 'thisMonth',
		description: "From the first of this month to today, in n8n's time zone",
	},
	{
		name: 'Date Range',
		value: 'dateRange',
		description: `From Work Date to To Work Date, both required, typed as ${TYPED_DAY_FORMATS}`,
	},
];

const MODIFIED_SINCE_V1: INodeProperties = {
	displayName: 'Modified Since Date',
	name: 'modifiedSinceDate',
	type: 'dateTime',
	default: '',
	description: `Only data modified since this day, inside the work-date range (modifiedSinceDate). ${WORK_DATE_HINT} At most one year back.`,
};

const MODIFIED_SINCE_V2: INodeProperties = {
	...MODIFIED_SINCE_V1,
	type: 'string',
	placeholder: 'e.g. 2026-10-01',
	description: `Only data modified since this day, inside the work-date range (modifiedSinceDate). ${TYPED_DAY_DESCRIPTION}. At most one year back.`,
};

const LIST_HINT = 'Comma-separated; sent as repeated values (name=a&name=b)';

/** The query parameters of the payroll export endpoints, typed, with the spec's defaults. */
export function exportFields(
	operation: string,
	extra: { file?: boolean; readOnly?: boolean } = {},
): INodeProperties[] {
	const show = { show: { resource: ['payrollExport'], operation: [operation] } };
	// Version 1's dates may stay empty (the service's 14 days before today, UTC); version 2 asks
	// for the period and, for a date range, both dates.
	const v1 = { show: { ...show.show, ...BEFORE_VERSION_2 } };
	const v2 = { show: { ...show.show, ...FROM_VERSION_2 } };
	const v2Range = { show: { ...v2.show, period: ['dateRange'] } };
	const fields: INodeProperties[] = [
		{
			displayName: 'Period',
			name: 'period',
			type: 'options',
			options: PERIOD_OPTIONS,
			default: 'lastMonth',
			description:
				"Which work dates to export. Months are calendar months in n8n's time zone (the workflow's Timezone setting, else the instance's).",
			displayOptions: v2,
		},
		{
			displayName: 'From Work Date',
			name: 'fromWorkDate',
			type: 'dateTime',
			default: '',
			description: `First work date, inclusive (fromWorkDate). ${WORK_DATE_HINT} Empty: 14 days before To Work Date.`,
			displayOptions: v1,
		},
		{
			displayName: 'To Work Date',
			name: 'toWorkDate',
			type: 'dateTime',
			default: '',
			description: `Last work date, inclusive (toWorkDate). ${WORK_DATE_HINT} Empty: today (UTC). Longer ranges than 45 days are split (see Options).`,
			displayOptions: v1,
		},
		// Version 2's are text, not n8n's date picker: the picker drops a day typed alone, keeps a
		// stale date typed over and sets "now" on OK (issue 44); text is read exactly or refused.
		{
			displayName: 'From Work Date',
			name: 'fromWorkDate',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-10-01',
			hint: TYPED_DAY_HINT,
			description: `First work date, inclusive (fromWorkDate). ${TYPED_DAY_DESCRIPTION}. Required: the node refuses an empty field.`,
			displayOptions: v2Range,
		},
		{
			displayName: 'To Work Date',
			name: 'toWorkDate',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-10-31',
			hint: TYPED_DAY_HINT,
			description: `Last work date, inclusive (toWorkDate). ${TYPED_DAY_DESCRIPTION}. Required: the node refuses an empty field. Longer ranges than 45 days are split (see Options).`,
			displayOptions: v2Range,
		},
		{
			// Export Filter, as Data Extraction's payroll lines call theirs; the parameter stays dataFilter.
			displayName: 'Export Filter',
			name: 'dataFilter',
			type: 'options',
			options: DATA_FILTER_OPTIONS,
			default: 0,
			description: 'Which payroll data to export, by approval (dataFilter)',
			displayOptions: show,
		},
		{
			displayName: 'User Payroll Type Filter',
			name: 'userPayrollTypeFilter',
			type: 'options',
			options: USER_PAYROLL_TYPE_OPTIONS,
			default: 'paid-by-hour',
			description:
				'Which employees to export (userPayrollTypeFilter). Fixed-salary employees are only exported with Fixed Pay or All Users.',
			displayOptions: v1,
		},
		{
			displayName: 'User Payroll Type Filter',
			name: 'userPayrollTypeFilter',
			type: 'options',
			options: USER_PAYROLL_TYPE_OPTIONS,
			default: USER_PAYROLL_TYPE_DEFAULT_V2,
			description:
				"Which employees to export (userPayrollTypeFilter). Paid by Hour (the service's default) leaves out fixed-salary employees and Fixed Pay the hourly paid; the output then says so.",
			displayOptions: v2,
		},
		completenessField(show),
	];
	if (extra.file) {
		fields.push(
			{
				displayName: 'Data Export Type',
				name: 'dataExportType',
				type: 'options',
				options: [
					{ name: 'Preview', value: 5 },
					{ name: 'Journal', value: 6 },
					{ name: 'Payroll', value: 10 },
					{ name: 'Absence', value: 20 },
					{ name: 'Cost', value: 30 },
					{ name: 'Transaction Split', value: 40 },
				],
				default: 6,
				description:
					"Kind of file (dataExportType), in the format set in the company's payroll setup",
				displayOptions: show,
			},
			{
				displayName: 'Put Output File in Field',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
				required: true,
				description: 'Name of the binary field the file is written to',
				displayOptions: show,
			},
		);
	}
	const filters: INodeProperties[] = [
		{
			displayName: 'Absence Type IDs',
			name: 'absenceTypeIds',
			type: 'string',
			default: '',
			description: `Only these absence types (absenceTypeIds). ${LIST_HINT}.`,
		},
		{
			displayName: 'Company IDs',
			name: 'companyIds',
			type: 'string',
			default: '',
			description: `Only these project companies (companyIds). ${LIST_HINT}.`,
		},
		{
			displayName: 'Export All Payroll Types',
			name: 'exportAllPayrollTypes',
			type: 'boolean',
			default: false,
			description:
				'Whether to include payroll types marked do-not-export in the payroll setup (exportAllPayrollTypes)',
		},
		{
			displayName: 'Include All Absence',
			name: 'includeAllAbsence',
			type: 'boolean',
			default: false,
			description:
				'Whether to include absence transactions regardless of absence type (includeAllAbsence)',
		},
		MODIFIED_SINCE_V1,
		{
			displayName: 'Only Data From External Projects',
			name: 'onlyDataFromExternalProjects',
			type: 'boolean',
			default: false,
			description:
				'Whether to export only data registered in external projects (onlyDataFromExternalProjects)',
		},
		{
			displayName: 'Override Export Settings for Fixed-Pay Employees',
			name: 'overridePayrollExportSettingsForFixedPayEmployees',
			type: 'boolean',
			default: false,
			description:
				'Whether to include regular hours and absences for fixed-pay employees (overridePayrollExportSettingsForFixedPayEmployees)',
		},
		{
			displayName: 'Payroll Type IDs',
			name: 'payrollTypeIds',
			type: 'string',
			default: '',
			description: `Only these payroll types (payrollTypeIds). ${LIST_HINT}.`,
		},
		{
			displayName: 'Project IDs',
			name: 'projectIds',
			type: 'string',
			default: '',
			description: `Only these projects (projectIds). ${LIST_HINT}.`,
		},
		{
			displayName: 'User IDs',
			name: 'userIds',
			type: 'string',
			default: '',
			description: `Only these users (userIds); all users when empty. ${LIST_HINT}.`,
		},
	];
	if (extra.file)
		filters.push({
			displayName: 'Voucher Number',
			name: 'voucherNumber',
			type: 'string',
			default: '',
			description: 'Voucher number for a cost file export (voucherNumber)',
		});
	// One Filters collection per version: Modified Since Date is the picker in 1, text in 2.
	for (const [displayOptions, modifiedSince] of [
		[v1, MODIFIED_SINCE_V1],
		[v2, MODIFIED_SINCE_V2],
	] as const)
		fields.push({
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			displayOptions,
			options: filters.map((f) => (f === MODIFIED_SINCE_V1 ? modifiedSince : f)),
		});
	const options: INodeProperties[] = [
		{
			displayName: 'Parallel Requests',
			name: 'parallelRequests',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 8 },
			default: 4,
			description:
				'With a range over 45 days: how many of its 45-day windows are fetched at once (1 to 8). Fewer after the service answers 429 or 503.',
		},
		{
			displayName: 'Split Ranges Over 45 Days',
			name: 'splitLongRanges',
			type: 'boolean',
			default: true,
			description:
				"Whether to split a work-date range longer than the service's 45-day limit into consecutive windows of at most 45 days and merge the results. Off: such a range is refused before calling.",
		},
	];
	// Rows into items (not the file): version 2 bounds what a long range holds (issue 46).
	if (!extra.file) options.unshift(itemBudgetOption);
	if (extra.readOnly) {
		options.push({
			displayName: 'Read Only (Never Lock Data)',
			name: 'readOnly',
			type: 'boolean',
			// On also when the option is not added (see get.ts): reading must not change payroll data unless asked.
			default: true,
			description:
				'Whether to read through /api/payroll-export/readonly, which never locks data. Turn off only for the export that closes a payroll run: /api/payroll-export/ may then lock the approved hours it returns (marked as exported), after which they can no longer be edited and show up under Only Locked.',
		});
	}
	fields.push({
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options,
	});
	return fields;
}
