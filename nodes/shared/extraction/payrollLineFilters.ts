import {
	NodeOperationError,
	type IDataObject,
	type INode,
	type INodeProperties,
} from 'n8n-workflow';

import { BEFORE_VERSION_2, FROM_VERSION_2, showWithVersion } from '../nodeVersion';

/**
 * ExportFilter and UserPayrollTypeFilter of the payroll lines endpoints (node and trigger): the
 * service's defaults leave out unapproved days and fixed-pay employees, and the fields say so.
 * A row's service default is never sent.
 */
const FILTERS = [
	{
		name: 'lineExportFilter',
		displayName: 'Export Filter',
		param: 'ExportFilter',
		serviceDefault: 'OnlyApproved',
		options: [
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
		],
		description:
			'Which days to read (ExportFilter). The default, Only Approved, leaves out every day that still has unapproved hours; choose All for every day.',
	},
	{
		name: 'lineUserPayrollTypeFilter',
		displayName: 'User Payroll Type Filter',
		param: 'UserPayrollTypeFilter',
		serviceDefault: 'PaidByHour',
		options: [
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
		],
		description:
			'Which employees to read (UserPayrollTypeFilter). The default, Paid by Hour, leaves out fixed-pay employees; choose All Users for everyone.',
		/** Version 2 reads every employee unless asked otherwise. */
		version2: {
			default: 'AllUsers',
			description:
				"Which employees to read (UserPayrollTypeFilter). Paid by Hour (the service's default) leaves out fixed-pay employees and Fixed Pay the hourly paid; the output then says so.",
		},
	},
];

export function payrollLineFilterProperties(
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties[] {
	return FILTERS.flatMap(({ displayName, name, options, serviceDefault, description, ...f }) => {
		// Version 1's fields default to the service's default.
		const field: INodeProperties = {
			displayName,
			name,
			type: 'options',
			options,
			default: serviceDefault,
			description,
			displayOptions,
		};
		if (!('version2' in f)) return [field];
		return [
			{ ...field, displayOptions: showWithVersion(displayOptions, BEFORE_VERSION_2) },
			{ ...field, ...f.version2, displayOptions: showWithVersion(displayOptions, FROM_VERSION_2) },
		];
	});
}

/** Values match whatever their case, spaces, `_` and `-`. */
const SEPARATORS = /[\s_-]/g;
const plain = (value: unknown) => String(value).toLowerCase().replace(SEPARATORS, '');

/**
 * Only values other than the service's defaults are sent; an unknown one is refused. Undefined
 * without such fields (`read` gives `null` when the operation has none).
 */
export function payrollLineFilterQuery(
	node: INode,
	read: (name: string) => unknown,
	itemIndex?: number,
): IDataObject | undefined {
	const qs: IDataObject = {};
	let present = false;
	for (const f of FILTERS) {
		const raw = read(f.name);
		if (raw === undefined || raw === null) continue;
		present = true;
		const found = f.options.find((o) => plain(o.value) === plain(raw));
		if (!found) {
			const message = `${f.displayName} has an unknown value: "${String(raw)}"`;
			const values = f.options.map((o) => o.value).join(', ');
			const description = `Use one of ${values} (default ${f.serviceDefault}).`;
			throw new NodeOperationError(node, message, { description, itemIndex });
		}
		if (found.value !== f.serviceDefault) qs[f.param] = found.value;
	}
	return present ? qs : undefined;
}

/** An additional query parameter may not repeat these. */
export const PAYROLL_LINE_FILTER_PARAMS = FILTERS.map((f) => f.param.toLowerCase());
