import { DAY_MS } from './workModel';

/**
 * Approval near the end of a period, as the service sees it (issue 44): hours are approved by the
 * employee's supervisor, and one supervisor's team (every third employee) approves the last days of
 * a month only once the month is over, on the 4th of the next month at 10:00 UTC. A payroll run on
 * the 1st to the 4th finds those days not approved: Only Approved leaves them out, All Data has
 * them. Nothing random, so the rest of the demo data is laid out as before.
 */
export const LATE_TEAM_EVERY = 3;
/** The last days of a month (calendar days, UTC) that the late team approves after the month. */
export const LATE_DAYS = 5;

/** When the registration of `employee` on `day` (days since 1970-01-01) can first be approved, if late. */
export function lateApprovalAt(employee: number, day: number): number | undefined {
	if (employee % LATE_TEAM_EVERY !== 1) return undefined;
	const date = new Date(day * DAY_MS);
	const year = date.getUTCFullYear();
	const month = date.getUTCMonth();
	const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
	if (date.getUTCDate() <= daysInMonth - LATE_DAYS) return undefined;
	return Date.UTC(year, month + 1, 4, 10);
}
