import {
	ApiError,
	businessError,
	forbidden,
	notFound,
	validationError,
	validationErrors,
	type ErrorItem,
} from '../core/apiError';
import type { EmulatorContext } from '../core/context';
import { newId } from '../core/ids';
import type { EmuRequest, Router } from '../core/router';
import { fieldError, queryBool, validate, type Schema } from '../core/validate';

/**
 * Fields of the specification's Machine table. `parentMachineId` is the emulator's name for the
 * link from equipment to its parent machine (the specification says equipment is linked to a
 * parent machine but does not name the field).
 */
export const MACHINE_SCHEMA: Schema = {
	companyId: { type: 'string', required: true },
	machineNumber: { type: 'string', required: true },
	name: { type: 'string' },
	typeId: { type: 'string' },
	active: { type: 'bool' },
	department: { type: 'string' },
	costPriceMachine: { type: 'double' },
	costPrice: { type: 'double' },
	price: { type: 'double' },
	weight: { type: 'double' },
	capacity: { type: 'double' },
	note: { type: 'string' },
	buildYear: { type: 'int' },
	emissionClass: { type: 'string' },
	hourMeter: { type: 'double' },
	serviceDate: { type: 'datetime' },
	purchasedDate: { type: 'datetime' },
	serialNumber: { type: 'string' },
	engineNumber: { type: 'string' },
	registrationNumber: { type: 'string' },
	responsibleId: { type: 'string' },
	responsibleEmployeeNumber: { type: 'string' },
	isEquipment: { type: 'bool' },
	parentMachineId: { type: 'string' },
};

/** ESG fields: changed through PATCH .../esg only (ignored by the other write endpoints). */
export const ESG_SCHEMA: Schema = {
	fuelConsumptionRate: { type: 'double' },
	fuelConsumptionUnit: { type: 'int' },
	fuelType: { type: 'int' },
};

/** The specification's integers, by position. */
export const FUEL_CONSUMPTION_UNITS = [
	'L/hour',
	'L/km',
	'kWh/hour',
	'kWh/km',
	'kg/hour',
	'kg/km',
] as const;
export const FUEL_TYPES = [
	'none',
	'diesel',
	'biodiesel',
	'gasoline',
	'electric',
	'gas',
	'natural gas',
	'dyed diesel',
] as const;

export const MACHINE_TYPE_INVALID = 'MachineService.machineTypeInvalid';
export const MACHINE_NUMBER_NOT_UNIQUE = 'MachineService.machineNumberNotUnique';
export const MACHINE_NOT_DELETABLE = 'MachineService.machineNotDeletable';

/** Defaults a create or PUT falls back to for every field it does not send (bools false). */
const DEFAULTS: Record<string, unknown> = Object.fromEntries(
	Object.entries(MACHINE_SCHEMA).map(([k, spec]) => [k, spec.type === 'bool' ? false : null]),
);

export interface Machine extends Record<string, unknown> {
	id: string;
	companyId: string;
	machineNumber: string;
	typeId: string | null;
	isEquipment: boolean;
	parentMachineId: string | null;
	fuelConsumptionRate: number | null;
	fuelConsumptionUnit: number | null;
	fuelType: number | null;
	createdDateTime: string;
	modifiedDateTime: string;
}

/**
 * One entry of the array endpoints' answer (the specification does not show it): the position
 * of the machine in the request, whether it was saved, the saved machine, or the errors of the
 * standard error body with the status a single request would have answered.
 */
export interface ArrayItemResult {
	index: number;
	success: boolean;
	machine?: Record<string, unknown>;
	status?: number;
	errors?: ErrorItem[];
}

const BASE = '/api/v4/integration/machines';

/** Machines and equipment (specification: Endpoints > Machines and equipment). */
export class MachinesSection {
	private readonly machines = new Map<string, Machine>();
	/** Machines referenced by registrations (time, trips): such a machine is not deletable. */
	private readonly used = new Set<string>();

	constructor(private readonly ctx: EmulatorContext) {}

	registerIntegration(router: Router) {
		// The include flag is read before any write, so a bad flag never answers 400 after saving.
		router.post(BASE, async (req) => {
			const eq = withEquipment(req);
			return {
				status: 201,
				body: this.view(this.createFor(req.caller.companyId, await req.json()), eq),
			};
		});
		router.post(`${BASE}/create/array`, (req) => this.array(req, 'create'));
		router.get(BASE, (req) => {
			const eq = withEquipment(req);
			return { status: 200, body: this.list(req.caller.companyId).map((m) => this.view(m, eq)) };
		});
		router.get(`${BASE}/by-machine-number/:machineNumber`, (req) => ({
			status: 200,
			body: this.view(
				this.byNumber(req.caller.companyId, req.params.machineNumber),
				withEquipment(req),
			),
		}));
		router.get(`${BASE}/is-machine-deletable/:id`, (req) => {
			withEquipment(req);
			return {
				status: 200,
				body: this.isDeletable(this.visible(req.caller.companyId, req.params.id)),
			};
		});
		router.get(`${BASE}/:id`, (req) => ({
			status: 200,
			body: this.view(this.visible(req.caller.companyId, req.params.id), withEquipment(req)),
		}));
		router.put(`${BASE}/update/array`, (req) => this.array(req, 'replace'));
		router.put(`${BASE}/:id`, async (req) => {
			const eq = withEquipment(req);
			return {
				status: 200,
				body: this.view(
					this.write(req.caller.companyId, req.params.id, await req.json(), 'replace'),
					eq,
				),
			};
		});
		router.patch(`${BASE}/:id`, async (req) => {
			const eq = withEquipment(req);
			return {
				status: 200,
				body: this.view(
					this.write(req.caller.companyId, req.params.id, await req.json(), 'patch'),
					eq,
				),
			};
		});
		router.patch(`${BASE}/:id/esg`, async (req) => {
			const eq = withEquipment(req);
			return {
				status: 200,
				body: this.view(this.esg(req.caller.companyId, req.params.id, await req.json()), eq),
			};
		});
		router.delete(`${BASE}/:id`, (req) => {
			const machine = this.visible(req.caller.companyId, req.params.id);
			if (!this.isDeletable(machine)) {
				throw businessError(
					MACHINE_NOT_DELETABLE,
					`Machine '${machine.machineNumber}' cannot be deleted: ${this.blockReason(machine)}. Deactivate it (active false) instead.`,
					'id',
				);
			}
			this.machines.delete(machine.id);
			return { status: 204 };
		});
	}

	/** Creates a machine as the given company would (used by seeding and the array endpoint). */
	createFor(callerCompanyId: string, body: unknown, id = newId()): Machine {
		const fields = validate(body, MACHINE_SCHEMA);
		const now = this.ctx.clock.nowIso();
		const machine: Machine = {
			...DEFAULTS,
			...fields,
			id,
			fuelConsumptionRate: null,
			fuelConsumptionUnit: null,
			fuelType: null,
			createdDateTime: now,
			modifiedDateTime: now,
		} as Machine;
		this.check(callerCompanyId, machine, undefined);
		this.machines.set(machine.id, machine);
		return machine;
	}

	/** PUT replaces every field (ESG fields excepted); PATCH changes only the fields sent. */
	private write(
		callerCompanyId: string,
		id: string,
		body: unknown,
		mode: 'replace' | 'patch',
	): Machine {
		// Missing and outside the caller's write scope answer the same 404 (behaviour notes).
		const machine = this.visible(callerCompanyId, id);
		const fields = validate(body, MACHINE_SCHEMA, { partial: mode === 'patch' });
		const sentId = (body as Record<string, unknown>).id;
		if (sentId !== undefined && sentId !== null && sentId !== machine.id) {
			throw validationError(
				'id',
				`'id' in the body ('${String(sentId)}') differs from the machine in the path ('${machine.id}').`,
			);
		}
		if (mode === 'patch') {
			const cleared = ['companyId', 'machineNumber'].filter(
				(f) => f in fields && fields[f] === null,
			);
			if (cleared.length)
				throw validationErrors(cleared.map((f) => fieldError(f, `'${f}' cannot be cleared.`)));
		}
		const next: Machine = {
			...machine,
			...(mode === 'replace' ? DEFAULTS : {}),
			...fields,
			id: machine.id,
			modifiedDateTime: this.ctx.clock.nowIso(),
		};
		this.check(callerCompanyId, next, machine);
		this.machines.set(machine.id, next);
		return next;
	}

	/** Rules beyond field types: company access, unique number, machine type, parent link. */
	private check(callerCompanyId: string, next: Machine, previous: Machine | undefined) {
		if (next.companyId !== previous?.companyId) {
			if (!this.ctx.companies.get(next.companyId))
				throw validationError('companyId', `Company '${next.companyId}' does not exist.`);
			if (!this.ctx.companies.canAccess(callerCompanyId, next.companyId))
				throw forbidden(`No access to company '${next.companyId}'.`);
		}
		const clash = this.findByNumber(next.companyId, next.machineNumber);
		if (clash && clash.id !== next.id) {
			throw validationError(
				'machineNumber',
				`A machine with machineNumber '${next.machineNumber}' already exists in the company.`,
				MACHINE_NUMBER_NOT_UNIQUE,
			);
		}
		if (next.typeId === '') next.typeId = null;
		// Validated for machines only; equipment may carry any type id.
		if (
			!next.isEquipment &&
			next.typeId !== null &&
			!this.ctx.sections.machineTypes.exists(next.companyId, next.typeId)
		) {
			throw businessError(
				MACHINE_TYPE_INVALID,
				`Machine type '${next.typeId}' does not exist in the company.`,
				'typeId',
			);
		}
		if (next.parentMachineId === '') next.parentMachineId = null;
		if (next.parentMachineId !== null) {
			if (!next.isEquipment) {
				throw validationError(
					'parentMachineId',
					'Only equipment (isEquipment true) can be linked to a parent machine.',
				);
			}
			const parent = this.machines.get(next.parentMachineId);
			if (
				!parent ||
				parent.companyId !== next.companyId ||
				parent.isEquipment ||
				parent.id === next.id
			) {
				throw validationError(
					'parentMachineId',
					`'${next.parentMachineId}' is not a machine (isEquipment false) of company '${next.companyId}'.`,
				);
			}
		}
		if (
			previous &&
			!previous.isEquipment &&
			next.isEquipment &&
			this.equipmentOf(previous.id).length
		) {
			throw validationError(
				'isEquipment',
				'The machine has linked equipment; unlink it before turning the machine into equipment.',
			);
		}
	}

	private esg(callerCompanyId: string, id: string, body: unknown): Machine {
		const machine = this.visible(callerCompanyId, id);
		const fields = validate(body, ESG_SCHEMA, { partial: true });
		if (Object.keys(fields).length === 0) {
			throw validationError(
				'',
				'At least one supported field is required: fuelConsumptionRate, fuelConsumptionUnit, fuelType.',
			);
		}
		const errors: ErrorItem[] = [];
		const rate = fields.fuelConsumptionRate;
		if (typeof rate === 'number' && rate < 0)
			errors.push(fieldError('fuelConsumptionRate', "'fuelConsumptionRate' must not be negative."));
		const ranges: Array<[string, readonly string[]]> = [
			['fuelConsumptionUnit', FUEL_CONSUMPTION_UNITS],
			['fuelType', FUEL_TYPES],
		];
		for (const [field, names] of ranges) {
			const value = fields[field];
			if (typeof value === 'number' && (value < 0 || value >= names.length)) {
				const allowed = names.map((n, i) => `${i} = ${n}`).join(', ');
				errors.push(fieldError(field, `'${field}' must be one of ${allowed}.`));
			}
		}
		if (errors.length) throw validationErrors(errors);
		Object.assign(machine, fields, { modifiedDateTime: this.ctx.clock.nowIso() });
		return machine;
	}

	/** Each machine of the array is processed on its own: earlier ones stay saved when a later one fails. */
	private async array(req: EmuRequest, mode: 'create' | 'replace') {
		const eq = withEquipment(req);
		const body = await req.json();
		if (!Array.isArray(body))
			throw validationError('', 'The request body must be a JSON array of machines.');
		const results: ArrayItemResult[] = body.map((item: unknown, index) => {
			try {
				let machine: Machine;
				if (mode === 'create') {
					machine = this.createFor(req.caller.companyId, item);
				} else {
					const id =
						item && typeof item === 'object' ? (item as Record<string, unknown>).id : undefined;
					if (typeof id !== 'string' || id === '')
						throw validationError(
							'id',
							"'id' is required: each machine of the array must carry its id.",
						);
					machine = this.write(req.caller.companyId, id, item, 'replace');
				}
				return { index, success: true, machine: this.view(machine, eq) };
			} catch (error) {
				if (!(error instanceof ApiError)) throw error;
				return {
					index,
					success: false,
					status: error.status,
					errors: (error.body as { errors: ErrorItem[] }).errors,
				};
			}
		});
		return { status: 200, body: results };
	}

	/** A machine may be deleted unless equipment is linked to it or registrations use it. */
	isDeletable(machine: Machine): boolean {
		return this.blockReason(machine) === undefined;
	}

	private blockReason(machine: Machine): string | undefined {
		if (this.equipmentOf(machine.id).length) return 'equipment is linked to it';
		if (this.used.has(machine.id)) return 'registrations use it';
		return undefined;
	}

	/** Marks a machine as used by registrations (seeding and tests). */
	markUsed(id: string) {
		this.used.add(id);
	}

	list(companyId: string): Machine[] {
		return [...this.machines.values()].filter((m) => m.companyId === companyId);
	}

	all(): Machine[] {
		return [...this.machines.values()];
	}

	equipmentOf(machineId: string): Machine[] {
		return [...this.machines.values()].filter((m) => m.parentMachineId === machineId);
	}

	/** A machine in the caller's company structure; missing and not-yours both answer 404. */
	visible(callerCompanyId: string, id: string): Machine {
		const machine = this.machines.get(id);
		if (!machine || !this.ctx.companies.canAccess(callerCompanyId, machine.companyId))
			throw notFound('Machine', id);
		return machine;
	}

	private byNumber(callerCompanyId: string, machineNumber: string): Machine {
		const machine = this.ctx.companies
			.structureOf(callerCompanyId)
			.map((c) => this.findByNumber(c, machineNumber))
			.find(Boolean);
		if (!machine) throw notFound('Machine with number', machineNumber, 'machineNumber');
		return machine;
	}

	private findByNumber(companyId: string, machineNumber: string): Machine | undefined {
		return [...this.machines.values()].find(
			(m) => m.companyId === companyId && m.machineNumber === machineNumber,
		);
	}

	/** includeEquipmentDetails=true adds the linked equipment under each machine. */
	private view(machine: Machine, includeEquipment: boolean): Record<string, unknown> {
		const out: Record<string, unknown> = { ...machine };
		if (includeEquipment && !machine.isEquipment) {
			out.equipment = this.equipmentOf(machine.id).map((e) => ({ ...e }));
		}
		return out;
	}
}

/** `includeEquipmentDetails` (every machine endpoint accepts it; 400 for a value other than true/false). */
function withEquipment(req: EmuRequest): boolean {
	return queryBool(req.query, 'includeEquipmentDetails') ?? false;
}
