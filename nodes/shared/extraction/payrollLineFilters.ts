import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { BEFORE_VERSION_2, FROM_VERSION_2, showWithVersion } from '../nodeVersion';

/**
 * ExportFilter and UserPayrollTypeFilter of the payroll lines endpoints: the service's defaults
 * leave out unapproved days and fixed-pay employees; the fields say so. Node and trigger share them.
 */

export const EXPORT_FILTER_DEFAULT = 'OnlyApproved';
export const USER_PAYROLL_TYPE_FILTER_DEFAULT = 'PaidByHour';
/** Version 2 reads every employee unless asked otherwise. */
export const USER_PAYROLL_TYPE_FILTER_DEFAULT_V2 = 'AllUsers';

const EXPORT_FILTER_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Only Approved (Service Default)',
		value: 'OnlyApproved',
		description:
			'Days whose hours are all approved (or locked); days with unapproved hours are left out',
	},
	{
		name: 'Only Locked',
		value: 'OnlyLocked',
		description: 'Days whose hours are all locked (payroll closed)',
	},
	{
		name: 'All',
		value: 'All',
		description: "Every day, approved or not (what the vendor's BI template sends)",
	},
];

const USER_FILTER_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Paid by Hour (Service Default)',
		value: 'PaidByHour',
		description: 'Hourly paid employees only; fixed-pay employees are left out',
	},
	{ name: 'Fixed Pay', value: 'FixedPay', description: 'Fixed-pay (salaried) employees only' },
	{
		name: 'All Users',
		value: 'AllUsers',
		description: "Every employee (what the vendor's BI template sends)",
	},
];

const FILTERS = [
	{
		name: 'lineExportFilter',
		label: 'Export Filter',
		param: 'ExportFilter',
		options: EXPORT_FILTER_OPTIONS,
		fallback: EXPORT_FILTER_DEFAULT,
	},
	{
		name: 'lineUserPayrollTypeFilter',
		label: 'User Payroll Type Filter',
		param: 'UserPayrollTypeFilter',
		options: USER_FILTER_OPTIONS,
		fallback: USER_PAYROLL_TYPE_FILTER_DEFAULT,
	},
] as const;

export function payrollLineFilterProperties(
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties[] {
	return [
		{
			displayName: 'Export Filter',
			name: 'lineExportFilter',
			type: 'options',
			options: EXPORT_FILTER_OPTIONS,
			default: EXPORT_FILTER_DEFAULT,
			description:
				'Which days to read (ExportFilter). The default, Only Approved, leaves out every day that still has unapproved hours; choose All for every day.',
			displayOptions,
		},
		{
			displayName: 'User Payroll Type Filter',
			name: 'lineUserPayrollTypeFilter',
			type: 'options',
			options: USER_FILTER_OPTIONS,
			default: USER_PAYROLL_TYPE_FILTER_DEFAULT,
			description:
				'Which employees to read (UserPayrollTypeFilter). The default, Paid by Hour, leaves out fixed-pay employees; choose All Users for everyone.',
			displayOptions: showWithVersion(displayOptions, BEFORE_VERSION_2),
		},
		{
			displayName: 'User Payroll Type Filter',
			name: 'lineUserPayrollTypeFilter',
			type: 'options',
			options: USER_FILTER_OPTIONS,
			default: USER_PAYROLL_TYPE_FILTER_DEFAULT_V2,
			description:
				"Which employees to read (UserPayrollTypeFilter). Paid by Hour (the service's default) leaves out fixed-pay employees and Fixed Pay the hourly paid; the output then says so.",
			displayOptions: showWithVersion(displayOptions, FROM_VERSION_2),
		},
	];
}

/** `null` when the operation has no such field. */
type Reader = (name: string) => unknown;

/** Only values other than the service's defaults are sent; an unknown one is refused. Undefined without such fields. */
export function payrollLineFilterQuery(
	node: INode,
	read: Reader,
	itemIndex?: number,
): IDataObject | undefined {
	const qs: IDataObject = {};
	let present = false;
	for (const f of FILTERS) {
		const raw = read(f.name);
		if (raw === undefined || raw === null) continue;
		present = true;
		const text = String(raw).trim();
		const found = f.options.find(
			(o) => String(o.value).toLowerCase() === text.toLowerCase().replace(/[\s_-]/g, ''),
		);
		if (!found) {
			throw new NodeOperationError(node, `${f.label} has an unknown value: "${String(raw)}"`, {
				description: `Use one of ${f.options.map((o) => String(o.value)).join(', ')} (default ${f.fallback}).`,
				itemIndex,
			});
		}
		if (found.value !== f.fallback) qs[f.param] = found.value;
	}
	return present ? qs : undefined;
}

export function readPayrollLineFilters(
	ctx: IExecuteFunctions,
	itemIndex: number,
): IDataObject | undefined {
	return payrollLineFilterQuery(
		ctx.getNode(),
		(name) => ctx.getNodeParameter(name, itemIndex, null),
		itemIndex,
	);
}

/** An additional query parameter may not repeat these. */
export const PAYROLL_LINE_FILTER_PARAMS = FILTERS.map((f) => f.param.toLowerCase());

/** A hint when nothing came back under a default filter: the likeliest reason is what it leaves out. */
export function emptyPayrollLinesHint(ctx: IExecuteFunctions, outputCount: number): void {
	if (outputCount > 0) return;
	if (ctx.getInputData().length === 0) return;
	const qs = readPayrollLineFilters(ctx, 0) ?? {};
	const causes: string[] = [];
	if (qs.ExportFilter === undefined)
		causes.push(
			'Export Filter is Only Approved (the service default), which leaves out days with unapproved hours: choose All',
		);
	if (qs.UserPayrollTypeFilter === undefined)
		causes.push(
			'User Payroll Type Filter is Paid by Hour (the service default), which leaves out fixed-pay employees: choose All Users',
		);
	if (causes.length === 0) return;
	ctx.addExecutionHints({
		message: `No payroll lines came back. Likely causes: ${causes.join('; ')}; or nothing is registered in the window.`,
		location: 'outputPane',
	});
}
