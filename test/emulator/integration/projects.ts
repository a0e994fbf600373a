import { forbidden, notFound, validationErrors, type ErrorItem } from '../core/apiError';
import type { EmulatorContext } from '../core/context';
import { newId } from '../core/ids';
import type { EmuRequest, Router } from '../core/router';
import { fieldError, validate, type Schema } from '../core/validate';

/** Fields of the specification's Project table, with their types. */
export const PROJECT_SCHEMA: Schema = {
	companyId: { type: 'string', required: true },
	projectNumber: { type: 'string', required: true },
	name: { type: 'string' },
	externalProjectNumber: { type: 'string' },
	externalDimension1: { type: 'string' },
	externalDimension2: { type: 'string' },
	description: { type: 'string' },
	active: { type: 'bool' },
	requireTaskNumber: { type: 'bool' },
	blockedForRegistration: { type: 'bool' },
	startDate: { type: 'datetime' },
	finishedDatePlanned: { type: 'datetime' },
	finishedDate: { type: 'datetime' },
	estimatedHourQty: { type: 'double' },
	mainForemanId: { type: 'string' },
	projectLeaderId: { type: 'string' },
	mainContactEmail: { type: 'string' },
	projectCustomerName: { type: 'string' },
	customerNumber: { type: 'string' },
	projectAddress: { type: 'string' },
	projectLocationLatitude: { type: 'double' },
	projectLocationLongitude: { type: 'double' },
	workBreakLunchStartTime: { type: 'time' },
	workBreakLunchLength: { type: 'int' },
	workBreakDinnerStartTime: { type: 'time' },
	workBreakDinnerLength: { type: 'int' },
};

/** Defaults a PUT falls back to for every field it does not send. */
const DEFAULTS: Record<string, unknown> = Object.fromEntries(
	Object.entries(PROJECT_SCHEMA).map(([k, spec]) => [k, spec.type === 'bool' ? false : null]),
);

export interface Project extends Record<string, unknown> {
	id: string;
	companyId: string;
	projectNumber: string;
	customerId: string | null;
	createdDateTime: string;
	modifiedDateTime: string;
}

export interface Customer {
	id: string;
	companyId: string;
	customerNumber: string;
	name: string | null;
}

const BASE = '/api/v4/integration/projects';

/** Projects (specification: Endpoints > Projects). */
export class ProjectsSection {
	private readonly projects = new Map<string, Project>();
	private readonly customers = new Map<string, Customer>();

	constructor(private readonly ctx: EmulatorContext) {}

	registerIntegration(router: Router) {
		router.post(BASE, (req) => this.create(req));
		router.get(BASE, (req) => ({ status: 200, body: this.list(req.caller.companyId).map(view) }));
		router.get(`${BASE}/by-project-number/:projectNumber`, (req) => ({
			status: 200,
			body: view(this.byNumber(req.caller.companyId, req.params.projectNumber)),
		}));
		router.get(`${BASE}/:id`, (req) => ({
			status: 200,
			body: view(this.visible(req.caller.companyId, req.params.id)),
		}));
		router.put(`${BASE}/:id`, (req) => this.update(req, 'replace'));
		router.patch(`${BASE}/:id`, (req) => this.update(req, 'patch'));
		router.delete(`${BASE}/:id`, (req) => {
			const project = this.visible(req.caller.companyId, req.params.id);
			this.projects.delete(project.id);
			return { status: 204 };
		});
	}

	/** Creates a project as the given company would (used by seeding too). */
	createFor(callerCompanyId: string, body: unknown): { project: Project; created: boolean } {
		const fields = validate(body, PROJECT_SCHEMA);
		const companyId = String(fields.companyId);
		this.checkCompany(callerCompanyId, companyId);
		this.checkReferences(fields, companyId);
		// The live service answers a duplicate projectNumber with the existing project.
		const existing = this.findByNumber(companyId, String(fields.projectNumber));
		if (existing) return { project: existing, created: false };
		const now = this.ctx.clock.nowIso();
		const project: Project = {
			...DEFAULTS,
			...fields,
			id: newId(),
			companyId,
			projectNumber: String(fields.projectNumber),
			customerId: null,
			createdDateTime: now,
			modifiedDateTime: now,
		};
		this.linkCustomer(project, fields);
		this.projects.set(project.id, project);
		return { project, created: true };
	}

	private async create(req: EmuRequest) {
		const { project, created } = this.createFor(req.caller.companyId, await req.json());
		return { status: created ? 201 : 200, body: view(project) };
	}

	private async update(req: EmuRequest, mode: 'replace' | 'patch') {
		const project = this.visible(req.caller.companyId, req.params.id);
		const fields = validate(await req.json(), PROJECT_SCHEMA, { partial: mode === 'patch' });
		const companyId = String(fields.companyId ?? project.companyId);
		if (fields.companyId !== undefined && fields.companyId !== null)
			this.checkCompany(req.caller.companyId, companyId);
		const number = fields.projectNumber;
		if (mode === 'patch' && number === null) {
			throw validationErrors([fieldError('projectNumber', "'projectNumber' cannot be cleared.")]);
		}
		if (typeof number === 'string' && number !== project.projectNumber) {
			const clash = this.findByNumber(companyId, number);
			if (clash && clash.id !== project.id) {
				throw validationErrors([
					fieldError(
						'projectNumber',
						`A project with projectNumber '${number}' already exists in the company.`,
						'DuplicateProjectNumber',
					),
				]);
			}
		}
		this.checkReferences(fields, companyId);
		const base = mode === 'replace' ? { ...DEFAULTS } : {};
		const { customerNumber } = fields;
		Object.assign(project, base, fields, {
			id: project.id,
			companyId,
			projectNumber: String(fields.projectNumber ?? project.projectNumber),
			modifiedDateTime: this.ctx.clock.nowIso(),
		});
		// customerNumber: when omitted the link is unchanged (also on PUT).
		if (customerNumber === undefined || customerNumber === null)
			project.customerNumber = this.customerNumberOf(project);
		this.linkCustomer(project, fields);
		return { status: 200, body: view(project) };
	}

	list(companyId: string): Project[] {
		return [...this.projects.values()].filter((p) => p.companyId === companyId);
	}

	/** A project the caller may see; missing and not-yours both answer 404 (behaviour notes). */
	visible(callerCompanyId: string, id: string): Project {
		const project = this.projects.get(id);
		if (!project || !this.ctx.companies.canAccess(callerCompanyId, project.companyId))
			throw notFound('Project', id);
		return project;
	}

	/** Like `visible`, but returns undefined instead of throwing. */
	find(callerCompanyId: string, id: string): Project | undefined {
		const project = this.projects.get(id);
		return project && this.ctx.companies.canAccess(callerCompanyId, project.companyId)
			? project
			: undefined;
	}

	all(): Project[] {
		return [...this.projects.values()];
	}

	private byNumber(callerCompanyId: string, projectNumber: string): Project {
		const project = this.ctx.companies
			.structureOf(callerCompanyId)
			.map((c) => this.findByNumber(c, projectNumber))
			.find(Boolean);
		if (!project) throw notFound('Project with number', projectNumber, 'projectNumber');
		return project;
	}

	private findByNumber(companyId: string, projectNumber: string): Project | undefined {
		return [...this.projects.values()].find(
			(p) => p.companyId === companyId && p.projectNumber === projectNumber,
		);
	}

	private checkCompany(callerCompanyId: string, companyId: string) {
		if (!this.ctx.companies.get(companyId)) {
			throw validationErrors([fieldError('companyId', `Company '${companyId}' does not exist.`)]);
		}
		if (!this.ctx.companies.canAccess(callerCompanyId, companyId)) {
			throw forbidden(`No access to company '${companyId}'.`);
		}
	}

	private checkReferences(fields: Record<string, unknown>, companyId: string) {
		const errors: ErrorItem[] = [];
		const companies = this.ctx.companies.structureOf(this.ctx.companies.rootOf(companyId));
		for (const field of ['mainForemanId', 'projectLeaderId']) {
			const ref = fields[field];
			if (
				typeof ref === 'string' &&
				ref !== '' &&
				!this.ctx.sections.people.findByReference(companies, ref)
			) {
				errors.push(
					fieldError(
						field,
						`No user matches '${ref}' (use a user id, phone number, name or employee number).`,
					),
				);
			}
		}
		const lat = fields.projectLocationLatitude;
		if (typeof lat === 'number' && (lat < -90 || lat > 90))
			errors.push(fieldError('projectLocationLatitude', 'must be between -90 and 90.'));
		const lon = fields.projectLocationLongitude;
		if (typeof lon === 'number' && (lon < -180 || lon > 180))
			errors.push(fieldError('projectLocationLongitude', 'must be between -180 and 180.'));
		for (const field of ['workBreakLunchLength', 'workBreakDinnerLength', 'estimatedHourQty']) {
			const v = fields[field];
			if (typeof v === 'number' && v < 0) errors.push(fieldError(field, 'must not be negative.'));
		}
		const email = fields.mainContactEmail;
		if (typeof email === 'string' && email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
			errors.push(fieldError('mainContactEmail', 'must be an e-mail address.'));
		}
		if (errors.length) throw validationErrors(errors);
	}

	/** customerNumber links an existing customer or creates one named from projectCustomerName. */
	private linkCustomer(project: Project, fields: Record<string, unknown>) {
		const number = fields.customerNumber;
		if (typeof number !== 'string' || number === '') return;
		let customer = [...this.customers.values()].find(
			(c) => c.companyId === project.companyId && c.customerNumber === number,
		);
		if (!customer) {
			customer = {
				id: newId(),
				companyId: project.companyId,
				customerNumber: number,
				name: (fields.projectCustomerName as string | null | undefined) ?? null,
			};
			this.customers.set(customer.id, customer);
		}
		project.customerId = customer.id;
		project.customerNumber = customer.customerNumber;
	}

	private customerNumberOf(project: Project): string | null {
		return project.customerId
			? (this.customers.get(project.customerId)?.customerNumber ?? null)
			: null;
	}

	customersOf(companyId: string): Customer[] {
		return [...this.customers.values()].filter((c) => c.companyId === companyId);
	}
}

function view(project: Project) {
	return { ...project };
}
