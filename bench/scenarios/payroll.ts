/** The payroll export over 365 days, shared by the node and undici variants. */
const DAY_MS = 86_400_000;

export const PAYROLL_DAYS = 365;
export const PAYROLL_WINDOW_DAYS = 45;

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The range: the last 365 days up to today (UTC), both ends inclusive. */
export function payrollRange(): {
	from: string;
	to: string;
	windows: Array<{ from: string; to: string }>;
} {
	const today = Math.floor(Date.now() / DAY_MS);
	const first = today - (PAYROLL_DAYS - 1);
	const windows: Array<{ from: string; to: string }> = [];
	for (let start = first; start <= today; start += PAYROLL_WINDOW_DAYS)
		windows.push({
			from: dateOf(start),
			to: dateOf(Math.min(start + PAYROLL_WINDOW_DAYS - 1, today)),
		});
	return { from: dateOf(first), to: dateOf(today), windows };
}

/** Every row of the year: all users, all payroll types, all absence, approved or not (dataFilter 10). */
export const PAYROLL_FILTERS = { dataFilter: 10, userPayrollTypeFilter: 'all-users' };
export const PAYROLL_FLAGS = {
	exportAllPayrollTypes: true,
	includeAllAbsence: true,
	overridePayrollExportSettingsForFixedPayEmployees: true,
};
