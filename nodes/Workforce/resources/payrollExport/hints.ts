import type { IExecuteFunctions } from 'n8n-workflow';

import { isVersion2 } from '../../../shared/nodeVersion';

import type { ExportRequest } from './query';

/** The spec's diagnostic rules for an empty export, limited to those the current settings make likely. */
export function emptyExportHint(this: IExecuteFunctions, request: ExportRequest) {
	const s = request.settings;
	const causes: string[] = [];
	if (s.dataFilter === 0)
		causes.push(
			'only approved data is exported by default (set Export Filter to All Data to include hours not yet approved)',
		);
	if (s.dataFilter === 5)
		causes.push('Export Filter is Only Locked, and nothing in the period is locked yet');
	if (s.userPayrollTypeFilter === 'paid-by-hour')
		causes.push('fixed-salary employees are left out unless User Payroll Type Filter is All Users');
	if (!s.exportAllPayrollTypes)
		causes.push(
			'payroll types marked do-not-export are left out unless Export All Payroll Types is on',
		);
	if (s.modifiedSinceDate)
		causes.push(`only data modified since ${s.modifiedSinceDate} is exported`);
	causes.push('or no hours are registered in the period for the chosen filters');
	this.addExecutionHints({
		message: `The payroll export for ${request.from} to ${request.to} is empty. Likely causes: ${causes.join('; ')}.`,
		location: 'outputPane',
	});
}

const LEFT_OUT: Record<string, string> = {
	'paid-by-hour': 'Paid by Hour: fixed-salary employees are not in it',
	'fixed-pay': 'Fixed Pay: hourly paid employees are not in it',
};

/**
 * Version 2: the output says when the user filter leaves people out of an export that has rows
 * (an empty one gets emptyExportHint), so a payroll file for some of the staff is never taken for
 * all of them.
 */
export function leftOutHint(this: IExecuteFunctions, request: ExportRequest) {
	const leftOut = LEFT_OUT[request.settings.userPayrollTypeFilter];
	if (!isVersion2(this) || leftOut === undefined) return;
	this.addExecutionHints({
		message: `The payroll export for ${request.from} to ${request.to} has User Payroll Type Filter ${leftOut}. Choose All Users for every employee.`,
		location: 'outputPane',
	});
}
