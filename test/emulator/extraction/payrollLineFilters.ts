import { validationError } from '../core/apiError';
import type { EmuRequest } from '../core/router';
import { getQuery } from '../core/validate';
import { STATE } from './workModel';
import type { PayrollLineTable } from './payrollLines';
import type { WorkData } from './workData';

/**
 * ExportFilter and UserPayrollTypeFilter of /v1/payroll-lines[-extended] (behaviour notes). The
 * defaults leave out days that are not approved and employees on fixed pay; the vendor's BI
 * template sends All and AllUsers. Values are matched case-insensitively like parameter names.
 */
export const EXPORT_FILTERS = ['OnlyApproved', 'OnlyLocked', 'All'] as const;
export const USER_PAYROLL_TYPE_FILTERS = ['PaidByHour', 'FixedPay', 'AllUsers'] as const;

export interface PayrollLineFilter {
	exportFilter: (typeof EXPORT_FILTERS)[number];
	userFilter: (typeof USER_PAYROLL_TYPE_FILTERS)[number];
}

function pick<T extends string>(
	req: EmuRequest,
	name: string,
	allowed: readonly T[],
	fallback: T,
): T {
	const raw = getQuery(req.query, name);
	if (raw === undefined || raw === '') return fallback;
	const found = allowed.find((v) => v.toLowerCase() === raw.trim().toLowerCase());
	if (!found)
		throw validationError(
			name,
			`'${name}' must be one of ${allowed.join(', ')} (default ${fallback}), not '${raw}'.`,
		);
	return found;
}

export function readPayrollLineFilter(req: EmuRequest): PayrollLineFilter {
	return {
		exportFilter: pick(req, 'ExportFilter', EXPORT_FILTERS, 'OnlyApproved'),
		userFilter: pick(req, 'UserPayrollTypeFilter', USER_PAYROLL_TYPE_FILTERS, 'PaidByHour'),
	};
}

/**
 * Whether line i passes the filter. A day is approved when every live registration of it is
 * (the line's own `approved`), locked when every one is locked. A tombstone has no state left, so
 * only the employee filter applies to it.
 */
export function passesPayrollLineFilter(
	data: WorkData,
	lines: PayrollLineTable,
	i: number,
	filter: PayrollLineFilter,
): boolean {
	const hourly = data.employees[lines.userOf(i)].hourly;
	if (filter.userFilter === 'PaidByHour' && !hourly) return false;
	if (filter.userFilter === 'FixedPay' && hourly) return false;
	if (filter.exportFilter === 'All' || lines.deleted[i]) return true;
	let live = 0;
	for (let j = lines.start[i]; j < lines.start[i + 1]; j++) {
		const r = lines.regs[j];
		if (data.deleted[r]) continue;
		live++;
		const state = data.state[r];
		if (state === STATE.unapproved) return false;
		if (filter.exportFilter === 'OnlyLocked' && state !== STATE.locked) return false;
	}
	return live > 0;
}
