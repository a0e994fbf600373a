import type { IDataObject } from 'n8n-workflow';

/** Rows of the JSON export: daily summaries (Get) or import lines (Get Import Lines, Get File's check). */
export type RowKind = 'summaries' | 'lines';

/** One employee's hours in All Data that the export does not hold. */
export interface EmployeeGap extends IDataObject {
	employeeNumber: string | null;
	userName: string;
	hours: number;
	lines: number;
}

/** What of the period All Data holds and the export does not, per employee (largest first). */
export interface ExportGap {
	lines: number;
	hours: number;
	employees: EmployeeGap[];
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The employee of a row: employee number, else user id, else name. */
const employeeOf = (row: IDataObject) =>
	text(row.employeeNumber) || text(row.userId) || text(row.userName);

/** The work date of a row (yyyy-MM-dd): lines carry `date`, summaries `transDateTime`. */
const workDateOf = (row: IDataObject) =>
	(text(row.date) || text(row.workDate) || text(row.transDateTime)).slice(0, 10);

/**
 * A row's identity, as far as the export shows one: a summary is one employee's work date; a line
 * is one employee's work date and payroll or absence type.
 */
function keyOf(row: IDataObject, kind: RowKind): string {
	const day = `${employeeOf(row)}|${workDateOf(row)}`;
	if (kind === 'summaries') return day;
	return `${day}|${text(row.payrollTypeId)}|${text(row.absenceTypeId)}|${text(row.payrollTypeCode)}`;
}

const sum = (values: unknown[]) => values.reduce<number>((a, v) => a + (Number(v) || 0), 0);

/**
 * A row's hours, as a payroll file sums them: a line's quantity; a summary's standard hours, its
 * overtime lines and its absences (the sum of the import lines of that day).
 */
function hoursOf(row: IDataObject, kind: RowKind): number {
	if (kind === 'lines') return Number(row.qty) || 0;
	const overtime = Array.isArray(row.overtimeLines)
		? sum((row.overtimeLines as IDataObject[]).map((l) => l.qty))
		: sum([row.overtime50Qty, row.overtime100Qty]);
	const absence =
		row.absenceQty !== undefined
			? Number(row.absenceQty) || 0
			: Array.isArray(row.absenceLines)
				? sum((row.absenceLines as IDataObject[]).map((l) => l.qty))
				: 0;
	return (Number(row.standardQty) || 0) + overtime + absence;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Compares the export with All Data for the same period and filters. All Data holds every row the
 * export holds and more: a row missing from the export, or one whose hours differ (part of the
 * day not approved), counts as a line of the gap, with the hours All Data has beyond it. A row
 * only the export holds (changed between the two requests) is left out: it says nothing of what
 * is missing.
 */
export function exportGap(exported: IDataObject[], all: IDataObject[], kind: RowKind): ExportGap {
	const have = new Map<string, number>();
	for (const row of exported) {
		const key = keyOf(row, kind);
		have.set(key, (have.get(key) ?? 0) + hoursOf(row, kind));
	}
	const wanted = new Map<string, { row: IDataObject; hours: number }>();
	for (const row of all) {
		const key = keyOf(row, kind);
		const seen = wanted.get(key);
		wanted.set(key, { row: seen?.row ?? row, hours: (seen?.hours ?? 0) + hoursOf(row, kind) });
	}
	const byEmployee = new Map<string, EmployeeGap>();
	for (const [key, { row, hours }] of wanted) {
		const missing = hours - (have.get(key) ?? 0);
		if (have.has(key) && Math.abs(missing) < 0.005) continue;
		const id = employeeOf(row);
		const gap = byEmployee.get(id) ?? {
			employeeNumber: text(row.employeeNumber) || null,
			userName: text(row.userName),
			hours: 0,
			lines: 0,
		};
		gap.hours += missing;
		gap.lines += 1;
		byEmployee.set(id, gap);
	}
	const employees = [...byEmployee.values()]
		.map((e) => ({ ...e, hours: round(e.hours) }))
		.sort((a, b) => b.hours - a.hours || a.userName.localeCompare(b.userName));
	return {
		lines: sum(employees.map((e) => e.lines)),
		hours: round(sum(employees.map((e) => e.hours))),
		employees,
	};
}

/** Distinct employees of the rows. */
export function employeeCount(rows: IDataObject[]): number {
	return new Set(rows.map(employeeOf)).size;
}
