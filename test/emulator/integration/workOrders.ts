import { notFound, validationErrors } from '../core/apiError';
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
		router.post(BASE, async (req) => ({
			status: 201,
			body: { ...this.createFor(req.caller.companyId, await req.json()) },
		}));
		router.get(`${BASE}/project/:projectId`, (req) => this.listForProject(req));
		router.patch(`${BASE}/:id`, (req) => this.patch(req));
	}

	createFor(callerCompanyId: string, body: unknown): WorkOrder {
		const fields = validate(body, WORK_ORDER_SCHEMA);
		const projects = this.ctx.sections.projects;
		const project = projects.find(callerCompanyId, String(fields.projectId));
		if (!project) {
			throw validationErrors([
				fieldError(
					'projectId',
					`Project '${String(fields.projectId)}' does not exist in the company.`,
				),
			]);
		}
		if (fields.companyId !== project.companyId) {
			throw validationErrors([
				fieldError(
					'companyId',
					`companyId must be the project's company ('${project.companyId}').`,
				),
			]);
		}
		if (this.forProject(project.id).some((w) => w.externalId === fields.externalId)) {
			throw validationErrors([
				fieldError(
					'externalId',
					`A work order with externalId '${String(fields.externalId)}' already exists on the project.`,
					'DuplicateExternalId',
				),
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

	/**
	 * PATCH /tasks/{id}: documented by the vendor beyond the specification. Only the fields sent
	 * change; the same rules as on create hold for the result (the project exists in the caller's
	 * reach, companyId is the project's, externalId is unique on the project).
	 */
	private async patch(req: EmuRequest) {
		const workOrder = this.find(req.caller.companyId, req.params.id);
		if (!workOrder) throw notFound('Work order', req.params.id);
		const fields = validate(await req.json(), WORK_ORDER_SCHEMA, { partial: true });
		const cleared = ['companyId', 'projectId', 'externalId', 'name'].filter(
			(f) => fields[f] === null || fields[f] === '',
		);
		if (cleared.length)
			throw validationErrors(cleared.map((f) => fieldError(f, `'${f}' cannot be cleared.`)));
		const projectId = String(fields.projectId ?? workOrder.projectId);
		const project = this.ctx.sections.projects.find(req.caller.companyId, projectId);
		if (!project)
			throw validationErrors([
				fieldError('projectId', `Project '${projectId}' does not exist in the company.`),
			]);
		const companyId = String(fields.companyId ?? project.companyId);
		if (companyId !== project.companyId) {
			throw validationErrors([
				fieldError(
					'companyId',
					`companyId must be the project's company ('${project.companyId}').`,
				),
			]);
		}
		const externalId = String(fields.externalId ?? workOrder.externalId);
		if (
			this.forProject(project.id).some((w) => w.id !== workOrder.id && w.externalId === externalId)
		) {
			throw validationErrors([
				fieldError(
					'externalId',
					`A work order with externalId '${externalId}' already exists on the project.`,
					'DuplicateExternalId',
				),
			]);
		}
		Object.assign(workOrder, {
			companyId,
			projectId: project.id,
			externalId,
			name: String(fields.name ?? workOrder.name),
			active:
				fields.active === undefined || fields.active === null
					? workOrder.active
					: Boolean(fields.active),
			modifiedDateTime: this.ctx.clock.nowIso(),
		});
		return { status: 200, body: { ...workOrder } };
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
