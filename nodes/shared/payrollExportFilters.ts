import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * The payroll export's filters as the node (Payroll Export) and the trigger (its Payroll Export
 * Data Changed event) both offer them: the service's values, the words the editor shows.
 */

/** dataFilter: which hours by approval (shown as Export Filter). */
export const DATA_FILTER_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Only Approved', value: 0, description: 'Approved (and locked) data' },
	{ name: 'Only Locked', value: 5 },
	{ name: 'All Data', value: 10, description: 'Including hours not yet approved' },
];

/** userPayrollTypeFilter: which employees by how they are paid. */
export const USER_PAYROLL_TYPE_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Paid by Hour (Service Default)',
		value: 'paid-by-hour',
		description: 'Hourly paid employees only; fixed-salary employees are left out',
	},
	{ name: 'Fixed Pay', value: 'fixed-pay', description: 'Fixed-salary employees only' },
	{ name: 'All Users', value: 'all-users', description: 'Every employee' },
];

/** Version 2's default of the user filter: a payroll hand-off leaves nobody out unless asked. */
export const USER_PAYROLL_TYPE_DEFAULT_V2 = 'all-users';
