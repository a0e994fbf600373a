import { forbidden, validationError } from '../core/apiError';
import type { EmulatorContext } from '../core/context';
import type { EmuRequest, Router } from '../core/router';
import { getQuery, getQueryAll, isDateTime, queryBool } from '../core/validate';
import { dayOvertime } from '../extraction/overtime';
import { dateOf, dayOf, DAY_MS, STATE, type WorkData } from '../extraction/workData';

/**
 * Payroll export (/api/payroll-export/...): per-employee-per-day summaries of the generated work
 * data under the spec's filters, defaults and limits. Work dates are whole days and both ends
 * are inclusive; the range may span at most 45 days (toWorkDate - fromWorkDate <= 45).
 */
export const MAX_RANGE_DAYS = 45;
export const DEFAULT_RANGE_DAYS = 14;

const USER_FILTERS = ['paid-by-hour', 'fixed-pay', 'all-users'];
const DATA_FILTERS = [0, 5, 10];
const EXPORT_TYPES: Record<number, string> = {
	5: 'preview',
	6: 'journal',
	10: 'payroll',
	20: 'absence',
	30: 'cost',
	40: 'transaction-split',
};

export interface ExportQuery {
	fromDay: number;
	toDay: number;
	modifiedSince?: number;
	dataFilter: number;
	userIds: string[];
	userPayrollTypeFilter: string;
	overrideFixedPay: boolean;
	exportAllPayrollTypes: boolean;
	includeAllAbsence: boolean;
	onlyExternal: boolean;
	companyIds: string[];
	projectIds: string[];
	payrollTypeIds: string[];
	absenceTypeIds: string[];
}

export interface SummaryLine {
	code: string;
	name: string;
	payrollTypeId?: string;
	absenceTypeId?: string;
	qty: number;
	projectNumber: string;
}

export class PayrollExportSection {
	constructor(private readonly ctx: EmulatorContext) {}

	registerIntegration(router: Router) {
		// The plain export locks the approved hours it exported, as a payroll run does; /readonly is the
		// same export and never locks (behaviour notes, "Payroll export: more"): it changes nothing.
		router.get('/api/payroll-export', (req) => ({
			status: 200,
			body: this.summaries(req, { lock: true }),
		}));
		router.get('/api/payroll-export/readonly', (req) => ({
			status: 200,
			body: this.summaries(req),
		}));
		router.get('/api/payroll-export/summary-as-lines', (req) => ({
			status: 200,
			body: this.lines(req),
		}));
		router.get('/api/payroll-export/file', (req) => this.file(req));
	}

	private get data(): WorkData {
		return this.ctx.sections.workData.data;
	}

	/** Reads and checks the query; 400 naming the parameter for anything wrong. */
	readQuery(req: EmuRequest): ExportQuery {
		const q = req.query;
		const today = Math.floor(this.ctx.clock.now().getTime() / DAY_MS);
		const toDay = dateParam(q, 'toWorkDate') ?? today;
		const fromDay = dateParam(q, 'fromWorkDate') ?? toDay - DEFAULT_RANGE_DAYS;
		if (fromDay > toDay)
			throw validationError('fromWorkDate', "'fromWorkDate' must not be after 'toWorkDate'.");
		if (toDay - fromDay > MAX_RANGE_DAYS) {
			throw validationError(
				'toWorkDate',
				`The range between 'fromWorkDate' and 'toWorkDate' is limited to ${MAX_RANGE_DAYS} days.`,
				'DateRangeTooLong',
			);
		}
		const modifiedSinceDay = dateParam(q, 'modifiedSinceDate');
		let modifiedSince: number | undefined;
		if (modifiedSinceDay !== undefined) {
			const now = this.ctx.clock.now();
			const oldest = Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate());
			modifiedSince = modifiedSinceDay * DAY_MS;
			if (modifiedSince < oldest) {
				throw validationError(
					'modifiedSinceDate',
					"'modifiedSinceDate' can be at most one year back; edits older than that are not found this way. Re-export the work-date range (fromWorkDate/toWorkDate) instead.",
					'ModifiedSinceTooOld',
				);
			}
		}
		const rawFilter = getQuery(q, 'dataFilter');
		const dataFilter = rawFilter === undefined || rawFilter === '' ? 0 : Number(rawFilter);
		if (!DATA_FILTERS.includes(dataFilter) || !/^\d+$/.test(rawFilter ?? '0')) {
			throw validationError(
				'dataFilter',
				"'dataFilter' must be 0 (only approved), 5 (only locked) or 10 (all).",
			);
		}
		const userPayrollTypeFilter = (
			getQuery(q, 'userPayrollTypeFilter') || 'paid-by-hour'
		).toLowerCase();
		if (!USER_FILTERS.includes(userPayrollTypeFilter)) {
			throw validationError(
				'userPayrollTypeFilter',
				"'userPayrollTypeFilter' must be paid-by-hour, fixed-pay or all-users.",
			);
		}
		const companyIds = list(q, 'companyIds');
		for (const id of companyIds) {
			if (!this.ctx.companies.canAccess(req.caller.companyId, id))
				throw forbidden(`No access to company '${id}'.`, 'companyIds');
		}
		return {
			fromDay,
			toDay,
			modifiedSince,
			dataFilter,
			userIds: list(q, 'userIds'),
			userPayrollTypeFilter,
			overrideFixedPay: queryBool(q, 'overridePayrollExportSettingsForFixedPayEmployees') ?? false,
			exportAllPayrollTypes: queryBool(q, 'exportAllPayrollTypes') ?? false,
			includeAllAbsence: queryBool(q, 'includeAllAbsence') ?? false,
			onlyExternal: queryBool(q, 'onlyDataFromExternalProjects') ?? false,
			companyIds,
			projectIds: list(q, 'projectIds'),
			payrollTypeIds: list(q, 'payrollTypeIds'),
			absenceTypeIds: list(q, 'absenceTypeIds'),
		};
	}

	/** Export rows: one per employee per day that has exported data. */
	build(req: EmuRequest, query = this.readQuery(req)) {
		const d = this.data;
		const lines = d.payrollLines();
		const visible = new Set(this.ctx.companies.structureOf(req.caller.companyId));
		const userIds = new Set(query.userIds);
		const companyIds = new Set(query.companyIds);
		const projectIds = new Set(query.projectIds);
		const payrollTypeIds = new Set(query.payrollTypeIds);
		const absenceTypeIds = new Set(query.absenceTypeIds);
		const rows: Array<{
			summary: Record<string, unknown>;
			parts: SummaryLine[];
			exported: number[];
		}> = [];
		for (let i = 0; i < lines.count; i++) {
			const day = lines.dayOf(i);
			if (day < query.fromDay || day > query.toDay) continue;
			const employee = d.employees[lines.userOf(i)];
			if (userIds.size && !userIds.has(employee.id) && !userIds.has(employee.employeeNumber))
				continue;
			if (query.userPayrollTypeFilter === 'paid-by-hour' && !employee.hourly) continue;
			if (query.userPayrollTypeFilter === 'fixed-pay' && employee.hourly) continue;
			const regularToo = employee.hourly || query.overrideFixedPay;
			let worked = 0;
			let manual = 0;
			let lastModified = 0;
			let anyModified = query.modifiedSince === undefined;
			let allLocked = true;
			const absences = new Map<number, number>();
			const projectHours = new Map<string, number>();
			const exported: number[] = [];
			for (let j = lines.start[i]; j < lines.start[i + 1]; j++) {
				const r = lines.regs[j];
				if (d.deleted[r]) continue;
				const state = d.state[r];
				if (query.dataFilter === 0 && state === STATE.unapproved) continue;
				if (query.dataFilter === 5 && state !== STATE.locked) continue;
				const project = d.projects[d.project[r]];
				if (!visible.has(project.companyId)) continue;
				if (query.onlyExternal && !project.external) continue;
				if (companyIds.size && !companyIds.has(project.companyId)) continue;
				if (projectIds.size && !projectIds.has(project.id)) continue;
				const h = d.hours(r);
				if (d.absenceType[r] !== 255) {
					const type = d.absenceTypes[d.absenceType[r]];
					if (!regularToo) continue;
					if (!type.exportedByDefault && !query.includeAllAbsence) continue;
					if (absenceTypeIds.size && !absenceTypeIds.has(type.id)) continue;
					absences.set(d.absenceType[r], (absences.get(d.absenceType[r]) ?? 0) + h);
				} else {
					const type = d.payrollTypes[d.payrollType[r]];
					if (type.doNotExport && !query.exportAllPayrollTypes) continue;
					if (payrollTypeIds.size && !payrollTypeIds.has(type.id)) continue;
					if (d.payrollType[r] === 3) manual += h;
					else worked += h;
					projectHours.set(
						project.projectNumber,
						(projectHours.get(project.projectNumber) ?? 0) + h,
					);
				}
				if (state !== STATE.locked) allLocked = false;
				exported.push(r);
				lastModified = Math.max(lastModified, d.modified[r]);
				if (query.modifiedSince !== undefined && d.modified[r] >= query.modifiedSince)
					anyModified = true;
			}
			if (!anyModified) continue;
			// Fixed-pay employees get only overtime unless the override asks for regular hours.
			const overtime = dayOvertime(d.payrollTypes, worked, manual, regularToo ? worked : 0);
			const standardQty = overtime.standardQty;
			const ot50 = overtime.overtime50Qty;
			const ot100 = overtime.overtime100Qty;
			const types = d.payrollTypes;
			const mainProject = [...projectHours.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
			const parts: SummaryLine[] = [];
			if (standardQty > 0)
				parts.push({
					code: types[0].code,
					name: types[0].name,
					payrollTypeId: types[0].id,
					qty: standardQty,
					projectNumber: mainProject,
				});
			if (ot50 > 0)
				parts.push({
					code: types[1].code,
					name: types[1].name,
					payrollTypeId: types[1].id,
					qty: ot50,
					projectNumber: mainProject,
				});
			if (ot100 > 0)
				parts.push({
					code: types[2].code,
					name: types[2].name,
					payrollTypeId: types[2].id,
					qty: ot100,
					projectNumber: mainProject,
				});
			if (manual > 0)
				parts.push({
					code: types[3].code,
					name: types[3].name,
					payrollTypeId: types[3].id,
					qty: manual,
					projectNumber: mainProject,
				});
			for (const [a, qty] of absences) {
				const type = d.absenceTypes[a];
				parts.push({
					code: type.code,
					name: type.name,
					absenceTypeId: type.id,
					qty,
					projectNumber: '',
				});
			}
			if (parts.length === 0) continue;
			// Only the overtime types the export kept (payrollTypeIds, do-not-export) appear as lines.
			const overtimeLines = overtime.overtimeLines.filter((l) =>
				parts.some((p) => p.payrollTypeId === l.payrollTypeId),
			);
			const absenceQty = [...absences.values()].reduce((a, b) => a + b, 0);
			rows.push({
				parts,
				exported,
				summary: {
					userId: employee.id,
					userName: employee.name,
					employeeNumber: employee.employeeNumber,
					userPayrollType: employee.hourly ? 'paid-by-hour' : 'fixed-pay',
					transDateTime: `${dateOf(day)}T00:00:00Z`,
					// Netted of the overtime deducted from ordinary hours (overtimeType 0), as payroll lines are.
					qty:
						standardQty +
						overtimeLines.filter((l) => l.overtimeType === 1).reduce((a, l) => a + l.qty, 0),
					standardQty,
					overtime50Qty: ot50,
					overtime100Qty: ot100,
					absenceQty,
					overtimeLines,
					absenceLines: [...absences.entries()].map(([a, qty]) => ({
						absenceTypeId: d.absenceTypes[a].id,
						name: d.absenceTypes[a].name,
						qty,
					})),
					locked: allLocked,
					modifiedDateTime: new Date(lastModified).toISOString(),
				},
			});
		}
		rows.sort(
			(a, b) =>
				String(a.summary.transDateTime).localeCompare(String(b.summary.transDateTime)) ||
				String(a.summary.employeeNumber).localeCompare(String(b.summary.employeeNumber)),
		);
		return rows;
	}

	/**
	 * The JSON export. With `lock`, the approved (not yet locked) registrations it exported become
	 * locked at one instant after the answer is built: the answer shows them as they were read.
	 */
	private summaries(req: EmuRequest, options: { lock?: boolean } = {}) {
		const rows = this.build(req);
		if (options.lock) {
			const d = this.data;
			const toLock = rows.flatMap((r) => r.exported).filter((r) => d.state[r] === STATE.approved);
			if (toLock.length)
				d.changeTimeRegistrations(
					toLock.map((r) => d.timeRegistrationId(r)),
					{ state: 'locked' },
				);
		}
		return rows.map((r) => r.summary);
	}

	private lines(req: EmuRequest) {
		const out: Array<Record<string, unknown>> = [];
		for (const { summary, parts } of this.build(req)) {
			for (const p of parts) {
				out.push({
					employeeNumber: summary.employeeNumber,
					userName: summary.userName,
					date: String(summary.transDateTime).slice(0, 10),
					payrollTypeCode: p.code,
					payrollTypeName: p.name,
					payrollTypeId: p.payrollTypeId ?? null,
					absenceTypeId: p.absenceTypeId ?? null,
					qty: p.qty,
				});
			}
		}
		return out;
	}

	/** The flat file: semicolon-separated lines without a header (an empty export is an empty file). */
	private file(req: EmuRequest) {
		const query = this.readQuery(req);
		const rawType = getQuery(req.query, 'dataExportType');
		const exportType = rawType === undefined || rawType === '' ? 6 : Number(rawType);
		if (!/^\d+$/.test(rawType ?? '6') || !EXPORT_TYPES[exportType]) {
			throw validationError(
				'dataExportType',
				"'dataExportType' must be 5 (preview), 6 (journal), 10 (payroll), 20 (absence), 30 (cost) or 40 (transaction split).",
			);
		}
		const voucher = getQuery(req.query, 'voucherNumber') ?? '';
		const rows = this.build(req, query);
		const out: string[] = [];
		if (exportType === 10) {
			// Payroll: one line per employee and payroll type over the whole period.
			const totals = new Map<string, number>();
			for (const { summary, parts } of rows)
				for (const p of parts)
					totals.set(
						`${String(summary.employeeNumber)};${p.code}`,
						(totals.get(`${String(summary.employeeNumber)};${p.code}`) ?? 0) + p.qty,
					);
			for (const [key, qty] of totals)
				out.push(`${key};${fmt(qty)};${dateOf(query.fromDay)};${dateOf(query.toDay)}`);
		} else {
			for (const { summary, parts } of rows) {
				const date = String(summary.transDateTime).slice(0, 10);
				for (const p of parts) {
					if (exportType === 20 && !p.absenceTypeId) continue;
					if (exportType === 30 && p.absenceTypeId) continue;
					if (exportType === 30)
						out.push(`${voucher};${date};${p.projectNumber};5000;${fmt(p.qty * 650)}`);
					else if (exportType === 40)
						out.push(
							`${String(summary.employeeNumber)};${date};${p.projectNumber};${p.code};${fmt(p.qty)}`,
						);
					else
						out.push(
							`${exportType === 5 ? 'P;' : ''}${String(summary.employeeNumber)};${date};${p.code};${fmt(p.qty)}`,
						);
				}
			}
		}
		const name = `payroll-${EXPORT_TYPES[exportType]}_${dateOf(query.fromDay)}_${dateOf(query.toDay)}.csv`;
		return {
			status: 200,
			bytes: Buffer.from(out.length ? out.join('\r\n') + '\r\n' : '', 'utf8'),
			headers: {
				'content-type': 'text/csv; charset=utf-8',
				'content-disposition': `attachment; filename="${name}"`,
			},
		};
	}
}

function fmt(n: number): string {
	return n.toFixed(2);
}

/** A work date (yyyy-MM-dd, a time part is ignored) as days since 1970-01-01. */
function dateParam(q: URLSearchParams, name: string): number | undefined {
	const raw = getQuery(q, name);
	if (raw === undefined || raw === '') return undefined;
	if (!isDateTime(raw)) throw validationError(name, `'${name}' must be a date (yyyy-MM-dd).`);
	return dayOf(raw);
}

/** Lists are read from repeated parameters (`userIds=a&userIds=b`), as ASP.NET binds them. */
function list(q: URLSearchParams, name: string): string[] {
	return getQueryAll(q, name).filter((v) => v !== '');
}
