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
 * ExportFilter and UserPayrollTypeFilter of /v1/payroll-lines and /v1/payroll-lines-extended
 * (behaviour notes). The service's defaults leave out days that are not approved and employees on
 * fixed pay, which looks like complete data; the fields say so, and the defaults are not sent.
 * Shared by Get Payroll Lines (+Extended) and the trigger's Payroll Line Changed event.
 */

export const EXPORT_FILTER_DEFAULT = 'OnlyApproved';
export const USER_PAYROLL_TYPE_FILTER_DEFAULT = 'PaidByHour';
/** Node and trigger version 2 read every employee unless asked otherwise (sent, as it is not the service's default). */
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

/** Parameter name -> service parameter, allowed values and default. */
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

/** A parameter's value; `null` (the fallback asked for) when the operation has no such field. */
type Reader = (name: string) => unknown;

/**
 * The filter query: only values that differ from the service's defaults are sent. A value from an
 * expression is matched case-insensitively; an unknown one is refused, naming the field. `undefined`
 * when the operation has no such fields.
 */
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

/** Reads the two fields of an execute-node item; `undefined` for operations without them. */
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

/** Service parameter names the two fields own (an additional query parameter may not repeat them). */
export const PAYROLL_LINE_FILTER_PARAMS = FILTERS.map((f) => f.param.toLowerCase());

/**
 * An execution hint when nothing came back under a default filter: cheap to tell, and the most
 * likely reason is what the default leaves out, not an empty period.
 */
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
