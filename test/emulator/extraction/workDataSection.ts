import { ApiError, errorBody } from '../core/apiError';
import type { EmulatorContext } from '../core/context';
import type { Router } from '../core/router';
import { extractionPage, inWindow, type PagedSource } from './extractionPages';
import { passesPayrollLineFilter, readPayrollLineFilter } from './payrollLineFilters';
import { DAY_MS, WorkData, type CompanyRefs, type WorkDataOptions } from './workData';

/**
 * The generated work data and the extraction endpoints over it: /v1/time-registrations,
 * /v1/payroll-lines and /v1/payroll-lines-extended. The payroll export (integration API) reads
 * the same data. `seed` (re)generates it; the WorkData methods are the mutation API.
 */
export class WorkDataSection {
	private current?: WorkData;

	constructor(private readonly ctx: EmulatorContext) {}

	/** Generates the work data (replacing any there was). */
	seed(companies: CompanyRefs, options: WorkDataOptions = {}): WorkData {
		this.current = new WorkData(this.ctx.clock, companies, options);
		return this.current;
	}

	get data(): WorkData {
		if (!this.current) throw new Error('The emulator was started without work data');
		return this.current;
	}

	get seeded(): boolean {
		return this.current !== undefined;
	}

	registerExtraction(router: Router) {
		// The window filters on the record's own date: workDate (at 00:00 UTC) for registrations, transDateTime for lines.
		router.get(
			'/v1/time-registrations',
			(req) => {
				const data = this.data;
				const visible = this.visibleCompanies(req.caller.companyId);
				const source: PagedSource = {
					count: data.count,
					modifiedOrder: () => data.modifiedOrder(),
					modified: (i) => data.modified[i],
					deleted: (i) => data.isDeleted(i),
					passes: (i, w) =>
						visible.has(data.projects[data.project[i]].companyId) &&
						inWindow(data.day[i] * DAY_MS, w),
					record: (i) => data.timeRegistration(i),
				};
				return extractionPage(
					req,
					'/v1/time-registrations',
					source,
					data.tokenSecret,
					data.pageSize,
					this.ctx.clock.now().getTime(),
				);
			},
			'extraction',
		);
		for (const extended of [false, true]) {
			const endpoint = extended ? '/v1/payroll-lines-extended' : '/v1/payroll-lines';
			router.get(
				endpoint,
				(req) => {
					if (!req.caller.isAdministrator) throw administratorRequired(endpoint);
					const data = this.data;
					const lines = data.payrollLines();
					const visible = this.visibleCompanies(req.caller.companyId);
					const filter = readPayrollLineFilter(req);
					const source: PagedSource = {
						count: lines.count,
						modifiedOrder: () => lines.byModified,
						modified: (i) => lines.modified[i],
						deleted: (i) => lines.deleted[i] !== 0,
						passes: (i, w) =>
							visible.has(lines.companyOf(i)) &&
							inWindow(lines.dayOf(i) * DAY_MS, w) &&
							passesPayrollLineFilter(data, lines, i, filter),
						record: (i) => lines.record(i, extended),
						keyOf: (i) => lines.keys[i],
						seek: (key) => lines.seek(key),
					};
					return extractionPage(
						req,
						endpoint,
						source,
						data.tokenSecret,
						data.pageSize,
						this.ctx.clock.now().getTime(),
					);
				},
				'extraction',
			);
		}
	}

	private visibleCompanies(companyId: string): Set<string> {
		return new Set(this.ctx.companies.structureOf(companyId));
	}
}

/**
 * Payroll lines are read by Administrator clients only (behaviour notes: "reading payroll lines
 * may need a client with Administrator access"; the emulator takes the strict reading): 403.
 */
export function administratorRequired(endpoint: string): ApiError {
	const message = `Reading ${endpoint} requires an API client with Administrator access.`;
	return new ApiError(
		403,
		errorBody(message, [
			{ category: 'AccessDeniedError', code: 'AdministratorRequired', field: '', message },
		]),
	);
}
