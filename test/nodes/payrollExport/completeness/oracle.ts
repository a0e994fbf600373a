import type { Emulator } from '../../../emulator';
import { DEMO } from '../../../emulator';
import { STATE } from '../../../emulator/extraction/workData';
import { fetchToken } from '../../../support/fetchToken';
import { call } from '../../../support/http';
import { periodCase } from '../../../support/zoneCases';

/**
 * What a payroll export of approved (or locked) data leaves out, worked out apart from the node
 * (issue 44): hours from the emulator's registrations, lines and employee days from the service's
 * own two exports. The run is a clerk's on the 1st just after midnight in Oslo (still October 31
 * in UTC), before one team's supervisor has approved the month's last days.
 */
export const NOW = '2026-10-31T23:30:00Z';
export const ZONE = 'Europe/Oslo';
/** Last Month at NOW in ZONE, as zoneCases.ts works it out. */
export const MONTH = (() => {
	const { fromWorkDate, toWorkDate } = periodCase(NOW, ZONE, 'lastMonth').query;
	return { from: fromWorkDate, to: toWorkDate };
})();
/** Every employee's regular hours, so every registration's hours are in some line. */
export const FILTERS = { overridePayrollExportSettingsForFixedPayEmployees: true };
export const SEED = {
	clock: { mode: 'frozen' as const, now: NOW },
	workData: { timeRegistrations: 3000 },
};

export interface EmployeeGap {
	employeeNumber: string;
	userName: string;
	hours: number;
	lines: number;
}

const DAY_MS = 86_400_000;

/**
 * Hours per employee in [from, to] that the data filter leaves out: registrations not approved
 * (Only Approved, 0) or not locked (Only Locked, 5), of exported types.
 */
export function missingHours(emulator: Emulator, from: string, to: string, dataFilter: 0 | 5) {
	const data = emulator.ctx.sections.workData.data;
	const [first, last] = [Date.parse(from) / DAY_MS, Date.parse(to) / DAY_MS];
	const hours = new Map<string, number>();
	for (let i = 0; i < data.count; i++) {
		if (data.day[i] < first || data.day[i] > last || data.deleted[i]) continue;
		const missing =
			dataFilter === 0 ? data.state[i] === STATE.unapproved : data.state[i] !== STATE.locked;
		if (!missing) continue;
		const absence = data.absenceType[i] !== 255 ? data.absenceTypes[data.absenceType[i]] : null;
		if (absence ? !absence.exportedByDefault : data.payrollTypes[data.payrollType[i]].doNotExport)
			continue;
		const number = data.employees[data.user[i]].employeeNumber;
		hours.set(number, (hours.get(number) ?? 0) + data.hours(i));
	}
	return hours;
}

type Row = Record<string, unknown>;

/** The service's rows of an export (read by the test, not the node). */
export async function serviceRows(
	emulator: Emulator,
	path: 'summary-as-lines' | 'readonly',
	query: Record<string, string>,
): Promise<Row[]> {
	const token = await fetchToken(emulator, DEMO.clients.admin);
	const qs = new URLSearchParams({ userPayrollTypeFilter: 'all-users', ...query });
	for (const [name, value] of Object.entries(FILTERS)) qs.set(name, String(value));
	const answer = await call(
		'GET',
		`${emulator.urls.integration}/api/payroll-export/${path}?${qs.toString()}`,
		{ token },
	);
	return answer.body as Row[];
}

const keyOf = (row: Row) =>
	[
		row.employeeNumber,
		String(row.date ?? row.transDateTime).slice(0, 10),
		row.payrollTypeCode,
	].join(' ');

/**
 * The gap per employee: hours from the registrations, and the rows of All Data the export does not
 * hold as they are (missing, or with other hours), largest first as the node lists them.
 */
export function expectedGap(
	exported: Row[],
	all: Row[],
	hours: Map<string, number>,
): EmployeeGap[] {
	const have = new Set(exported.map((r) => `${keyOf(r)} ${JSON.stringify(r)}`));
	const lines = new Map<string, number>();
	const names = new Map<string, string>();
	for (const row of all) {
		names.set(String(row.employeeNumber), String(row.userName));
		if (have.has(`${keyOf(row)} ${JSON.stringify(row)}`)) continue;
		lines.set(String(row.employeeNumber), (lines.get(String(row.employeeNumber)) ?? 0) + 1);
	}
	return [...lines.entries()]
		.map(([employeeNumber, count]) => ({
			employeeNumber,
			userName: names.get(employeeNumber)!,
			hours: hours.get(employeeNumber) ?? 0,
			lines: count,
		}))
		.sort((a, b) => b.hours - a.hours || a.userName.localeCompare(b.userName));
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const h = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;

/** "16 lines (61.5 h) of 5 employees are not approved and not in it: Ola Nordmann (2002) 20 h in 5 lines; ..." */
export function gapWords(gap: EmployeeGap[], noun: string, missing: string): string {
	const lines = gap.reduce((a, e) => a + e.lines, 0);
	const hours = gap.reduce((a, e) => a + e.hours, 0);
	const each = gap
		.map((e) => `${e.userName} (${e.employeeNumber}) ${h(e.hours)} in ${plural(e.lines, noun)}`)
		.join('; ');
	return `${plural(lines, noun)} (${h(hours)}) of ${plural(gap.length, 'employee')} ${lines === 1 ? 'is' : 'are'} ${missing} and not in it: ${each}`;
}

export const employeesOf = (rows: Row[]) => new Set(rows.map((r) => r.employeeNumber)).size;
