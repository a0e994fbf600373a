/** The vocabulary of the generated work data: entities, states, limits of a working day, ids and dates. */

export interface Employee {
	id: string;
	employeeNumber: string;
	name: string;
	/** true = hourly wage, false = fixed salary (the v4 user's `payroll` flag). */
	hourly: boolean;
	companyId: string;
	companyName: string;
}

export interface Project {
	id: string;
	projectNumber: string;
	name: string;
	externalNumber: string;
	/** Registered in an external project (onlyDataFromExternalProjects). */
	external: boolean;
	companyId: string;
	companyName: string;
	taskId: string;
	taskName: string;
}

export interface PayrollType {
	id: string;
	name: string;
	code: string;
	/** Marked do-not-export in the payroll setup: only exported with exportAllPayrollTypes. */
	doNotExport: boolean;
	/** 20/30/40 automatic overtime levels, 41 manually registered overtime, 0 ordinary. */
	lineType: number;
	sorting: number;
}

export interface AbsenceType {
	id: string;
	name: string;
	code: string;
	/** Only exported with includeAllAbsence. */
	exportedByDefault: boolean;
}

export const STATE = { unapproved: 0, approved: 1, locked: 2 } as const;

export const DAY_MS = 86_400_000;
/** Ordinary hours per day before automatic overtime starts. */
export const NORMAL_DAY_HOURS = 7.5;
/** Hours at 50% overtime before 100% starts. */
export const OVERTIME50_HOURS = 2;

/** Marks a registration without a payroll type (an absence) or without an absence type. */
export const NO_TYPE = 255;

export interface CompanyRefs {
	parent: { id: string; name: string };
	subsidiary: { id: string; name: string };
}

/** Fields a test or the trigger may set on a time registration. */
export interface TimeRegistrationInput {
	userId?: string;
	projectId?: string;
	/** yyyy-MM-dd */
	workDate?: string;
	/** Start time in minutes after midnight (UTC). */
	startMinute?: number;
	/** Hours worked. */
	hours?: number;
	state?: 'unapproved' | 'approved' | 'locked';
	payrollTypeId?: string;
	absenceTypeId?: string;
	description?: string;
}

export interface PayrollLineKey {
	user: number;
	day: number;
}

/** GUID-shaped, deterministic ids: a readable prefix and the index. */
export function entityId(prefix: string, n: number): string {
	const p = Buffer.from(prefix).toString('hex').padEnd(8, '0').slice(0, 8);
	return `${p}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export function typeId(n: number): string {
	return entityId('pt', n);
}

export function iso(ms: number): string {
	return new Date(ms).toISOString();
}

export function dateOf(day: number): string {
	return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function dayOf(date: string): number {
	return Math.floor(Date.parse(date.slice(0, 10) + 'T00:00:00Z') / DAY_MS);
}

