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
	/** For overtime types: 0 = deducted from ordinary hours (netted out of qty/standardQty), 1 = paid on top. Per type, per company. */
	overtimeType: 0 | 1;
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

// Formatting hundreds of thousands of timestamps per Return All was the emulator's hottest code;
// day strings are cached and the time of day is built by arithmetic. Same answer as toISOString().
const PAD2 = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const DAY_PREFIX = new Map<number, string>();
/** 0000-01-01 to 9999-12-31: four-digit years, where the fast path's layout holds. */
const FAST_MIN = -62_167_219_200_000;
const FAST_MAX = 253_402_300_800_000;

function dayPrefix(day: number): string {
	let prefix = DAY_PREFIX.get(day);
	if (prefix === undefined) {
		prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
		if (DAY_PREFIX.size < 200_000) DAY_PREFIX.set(day, prefix);
	}
	return prefix;
}

export function iso(ms: number): string {
	if (!Number.isInteger(ms) || ms < FAST_MIN || ms >= FAST_MAX) return new Date(ms).toISOString();
	const day = Math.floor(ms / DAY_MS);
	let rest = ms - day * DAY_MS;
	const hours = Math.floor(rest / 3_600_000);
	rest -= hours * 3_600_000;
	const minutes = Math.floor(rest / 60_000);
	rest -= minutes * 60_000;
	const seconds = Math.floor(rest / 1000);
	return `${dayPrefix(day)}${PAD2[hours]}:${PAD2[minutes]}:${PAD2[seconds]}.${PAD3[rest - seconds * 1000]}Z`;
}

export function dateOf(day: number): string {
	if (!Number.isInteger(day) || day * DAY_MS < FAST_MIN || day * DAY_MS >= FAST_MAX)
		return new Date(day * DAY_MS).toISOString().slice(0, 10);
	return dayPrefix(day).slice(0, 10);
}

export function dayOf(date: string): number {
	return Math.floor(Date.parse(date.slice(0, 10) + 'T00:00:00Z') / DAY_MS);
}
