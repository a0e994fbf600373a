import type { IExecuteFunctions } from 'n8n-workflow';

import { isVersion2 } from '../../../shared/nodeVersion';
import { readPayrollLineFilters } from './query';

/** What each filter's service default leaves out: the likeliest reason nothing came back. */
const EMPTY_CAUSES: Record<string, string> = {
	ExportFilter:
		'Export Filter is Only Approved (the service default), which leaves out days with unapproved hours: choose All',
	UserPayrollTypeFilter:
		'User Payroll Type Filter is Paid by Hour (the service default), which leaves out fixed-pay employees: choose All Users',
};

export function emptyPayrollLinesHint(ctx: IExecuteFunctions, outputCount: number): void {
	if (outputCount > 0 || ctx.getInputData().length === 0) return;
	const qs = readPayrollLineFilters(ctx, 0) ?? {};
	const causes = Object.entries(EMPTY_CAUSES)
		.filter(([param]) => qs[param] === undefined)
		.map(([, cause]) => cause);
	if (causes.length === 0) return;
	ctx.addExecutionHints({
		message: `No payroll lines came back. Likely causes: ${causes.join('; ')}; or nothing is registered in the window.`,
		location: 'outputPane',
	});
}

const LEFT_OUT: Record<string, string> = {
	PaidByHour: "Paid by Hour (the service's default): fixed-pay employees are not in them",
	FixedPay: 'Fixed Pay: hourly paid employees are not in them',
};

/**
 * Version 2: the output says when User Payroll Type Filter leaves people out of payroll lines
 * that came back (an empty result gets emptyPayrollLinesHint), so lines for some of the staff are
 * never taken for all of them.
 */
export function leftOutPayrollLinesHint(ctx: IExecuteFunctions, outputCount: number): void {
	if (!isVersion2(ctx) || outputCount === 0 || ctx.getInputData().length === 0) return;
	const qs = readPayrollLineFilters(ctx, 0) ?? {};
	const leftOut = LEFT_OUT[String(qs.UserPayrollTypeFilter ?? 'PaidByHour')];
	if (leftOut === undefined) return;
	ctx.addExecutionHints({
		message: `These payroll lines have User Payroll Type Filter ${leftOut}. Choose All Users for every employee.`,
		location: 'outputPane',
	});
}
