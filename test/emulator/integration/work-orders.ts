import { validationErrors } from '../core/api-error';
import type { EmulatorContext } from '../core/context';
import { newId } from '../core/ids';
import type { EmuRequest, Router } from '../core/router';
import { fieldError, validate, type Schema } from '../core/validate';

export const WORK_ORDER_SCHEMA: Schema = {
	companyId: { type: 'string', required: true },
	projectId: { type: 'string', required: true },
	externalId: { type: 'string', required: true },
	name: { type: 'string', required: true },
	active: { type: 'bool' },
};

export interface WorkOrder extends Record<string, unknown> {
	id: string;
	companyId: string;
	projectId: string;
	externalId: string;
	name: string;
	active: boolean;
	createdDateTime: string;
	modifiedDateTime: string;
}

const BASE = '/api/v4/integration/tasks';

/** Work orders, called tasks in the API (specification: Endpoints > Work orders). */
export class WorkOrdersSection {
	private readonly workOrders = new Map<string, WorkOrder>();

	constructor(private readonly ctx: EmulatorContext) {}

	registerIntegration(router: Router) {
		router.post(BASE, async (req) => ({ status: 201, body: { ...this.createFor(req.caller.companyId, await req.json()) } }));
		router.get(`${BASE}/project/:projectId`, (req) => this.listForProject(req));
	}

	createFor(callerCompanyId: string, body: unknown): WorkOrder {
		const fields = validate(body, WORK_ORDER_SCHEMA);
		const projects = this.ctx.sections.projects;
		const project = projects.find(callerCompanyId, String(fields.projectId));
		if (!project) {
			throw validationErrors([fieldError('projectId', `Project '${String(fields.projectId)}' does not exist in the company.`)]);
		}
		if (fields.companyId !== project.companyId) {
			throw validationErrors([
				fieldError('companyId', `companyId must be the project's company ('${project.companyId}').`),
			]);
		}
		if (this.forProject(project.id).some((w) => w.externalId === fields.externalId)) {
			throw validationErrors([
				fieldError('externalId', `A work order with externalId '${String(fields.externalId)}' already exists on the project.`, 'DuplicateExternalId'),
			]);
		}
		const now = this.ctx.clock.nowIso();
		const workOrder: WorkOrder = {
			id: newId(),
			companyId: project.companyId,
			projectId: project.id,
			externalId: String(fields.externalId),
			name: String(fields.name),
			active: fields.active === undefined || fields.active === null ? true : Boolean(fields.active),
			createdDateTime: now,
			modifiedDateTime: now,
		};
		this.workOrders.set(workOrder.id, workOrder);
		return workOrder;
	}

	private listForProject(req: EmuRequest) {
		const project = this.ctx.sections.projects.visible(req.caller.companyId, req.params.projectId);
		return { status: 200, body: this.forProject(project.id).map((w) => ({ ...w })) };
	}

	forProject(projectId: string): WorkOrder[] {
		return [...this.workOrders.values()].filter((w) => w.projectId === projectId);
	}

	/** A work order the caller may see, or undefined. */
	find(callerCompanyId: string, id: string): WorkOrder | undefined {
		const wo = this.workOrders.get(id);
		return wo && this.ctx.companies.canAccess(callerCompanyId, wo.companyId) ? wo : undefined;
	}

	all(): WorkOrder[] {
		return [...this.workOrders.values()];
	}
}
