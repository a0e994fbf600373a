import { validationError } from '../../core/apiError';
import type { EmulatorContext } from '../../core/context';
import { newId } from '../../core/ids';
import type { EmuRequest, EmuResponse, Router } from '../../core/router';
import { DAY_MS } from '../workModel';
import { extractionPage, readExtractionQuery, type ExtractionQuery } from '../extractionPages';
import {
	EMULATED_ENDPOINTS,
	emulatedEndpoint,
	type EmulatedEndpoint,
	type EndpointPath,
} from './endpoints';
import { RecordTable, type StoredRecord } from './recordTable';
import { registrationFields, type RegistrationRefs } from './registrations';

/**
 * The extraction endpoints of the notes' section "Data extraction: more that the live service is
 * documented to do": master data (projects, work orders, users, resources) and registrations
 * (absences, machine hours, checklists, incidents), paged by the shared extraction paging, each
 * with its kind's deletion shape and date-window rule. The methods below are the mutation API
 * (tests, the trigger, and the control surface at /__control/other-endpoints).
 */
export class OtherEndpointsSection {
	/** Default ChunkLimit (the notes: 2,500 on every v1 endpoint). */
	readonly pageSize = 2500;
	readonly tokenSecret = 'emulator-other-endpoints-secret';
	private readonly tables = new Map<string, RecordTable>();

	constructor(private readonly ctx: EmulatorContext) {
		for (const endpoint of EMULATED_ENDPOINTS)
			this.tables.set(endpoint.path, new RecordTable(endpoint));
	}

	registerExtraction(router: Router) {
		for (const endpoint of EMULATED_ENDPOINTS)
			router.get(endpoint.path, (req) => this.page(req, endpoint), 'extraction');
	}

	/** The records of an endpoint (`v1/user` or `/v1/user`). */
	table(path: string): RecordTable {
		const endpoint = emulatedEndpoint(path);
		if (!endpoint) throw new Error(`${path} is not an emulated extraction endpoint`);
		return this.tables.get(endpoint.path)!;
	}

	/** Stores a record with the times given (seeding). */
	load(path: string, record: StoredRecord): StoredRecord {
		return this.table(path).insert(record);
	}

	/** Adds a record created now; fields left out are filled in the way generated records are. Returns it as served. */
	add(path: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
		const table = this.table(path);
		const now = this.now();
		const n = table.count + 1;
		const base =
			table.endpoint.kind === 'master'
				? this.masterDefaults(table.endpoint.path as EndpointPath, n, fields)
				: registrationFields(table.endpoint.path as EndpointPath, this.refs(fields), now, n);
		const { id, ...rest } = fields;
		const record = table.insert({
			id: typeof id === 'string' && id ? id : newId(),
			fields: { ...base, ...rest },
			created: now,
			modified: now,
			deleted: 0,
		});
		return table.view(record, now);
	}

	/** Changes a record now (its modifiedDateTime moves). Returns it as served. */
	change(path: string, id: string, patch: Record<string, unknown>): Record<string, unknown> {
		const table = this.table(path);
		const now = this.now();
		return table.view(table.change(id, patch, now), now);
	}

	/** Deletes a record now. Returns it as incremental mode serves it from now on (the kind's deletion shape). */
	delete(path: string, id: string): Record<string, unknown> {
		const table = this.table(path);
		const now = this.now();
		return table.view(table.remove(id, now), now);
	}

	/** A record as the service serves it now. */
	view(path: string, id: string): Record<string, unknown> | undefined {
		const table = this.table(path);
		const record = table.get(id);
		return record && table.view(record, this.now());
	}

	private page(req: EmuRequest, endpoint: EmulatedEndpoint): EmuResponse {
		if (endpoint.maxWindowDays !== undefined)
			checkWindowLimit(readExtractionQuery(req, this.pageSize), endpoint.maxWindowDays);
		const now = this.now();
		const visible = new Set(this.ctx.companies.structureOf(req.caller.companyId));
		return extractionPage(
			req,
			endpoint.path,
			this.tables.get(endpoint.path)!.source(visible, now),
			this.tokenSecret,
			this.pageSize,
			now,
		);
	}

	private now(): number {
		return this.ctx.clock.now().getTime();
	}

	/** The master records a new registration points at: the ones named in `fields`, else the first live ones of the company. */
	private refs(fields: Record<string, unknown>): RegistrationRefs {
		const live = (path: string) => this.table(path).live();
		const named = (path: string, key: string) => {
			const id = fields[key];
			if (typeof id !== 'string' || !id) return undefined;
			const record = this.table(path).get(id);
			if (!record) throw validationError(key, `No ${path} record ${id}.`);
			return record;
		};
		const project =
			named('/v1/project', 'projectId') ??
			live('/v1/project').find(
				(p) => fields.companyId === undefined || p.fields.companyId === fields.companyId,
			);
		if (!project) throw validationError('projectId', 'There is no project to register on.');
		const company = project.fields.companyId;
		const user =
			named('/v1/user', 'userId') ??
			live('/v1/user').find((u) => u.fields.companyId === company) ??
			live('/v1/user')[0];
		if (!user) throw validationError('userId', 'There is no user to register for.');
		return {
			project,
			user,
			workOrder:
				named('/v1/project/work-breakdown-structure', 'taskId') ??
				live('/v1/project/work-breakdown-structure').find((w) => w.fields.projectId === project.id),
			resource:
				named('/v1/resource', 'resourceId') ??
				live('/v1/resource').find(
					(r) => r.fields.companyId === company && r.fields.resourceType === 'machine',
				),
		};
	}

	private masterDefaults(
		path: EndpointPath,
		n: number,
		fields: Record<string, unknown>,
	): Record<string, unknown> {
		const companyId = String(
			fields.companyId ??
				this.table('/v1/project').live()[0]?.fields.companyId ??
				this.ctx.companies.all()[0]?.id ??
				'',
		);
		const company = { companyId, companyName: this.ctx.companies.get(companyId)?.name ?? null };
		const today = new Date(this.now()).toISOString().slice(0, 10);
		if (path === '/v1/project') {
			return {
				projectNumber: `N-${n}`,
				name: `New project ${n}`,
				externalProjectNumber: null,
				description: null,
				active: true,
				startDate: today,
				finishedDate: null,
				customerName: null,
				...company,
			};
		}
		if (path === '/v1/project/work-breakdown-structure') {
			const project = this.table('/v1/project')
				.live()
				.find(
					(p) =>
						p.id === fields.projectId ||
						(fields.projectId === undefined && p.fields.companyId === companyId),
				);
			return {
				projectId: project?.id ?? null,
				projectNumber: project?.fields.projectNumber ?? null,
				wbsNumber: `9.${n}`,
				name: `New work order ${n}`,
				externalId: `N-${n}`,
				active: true,
				...company,
			};
		}
		if (path === '/v1/user') {
			return {
				employeeNumber: `N-${n}`,
				firstName: 'New',
				lastName: `User ${n}`,
				name: `New User ${n}`,
				email: null,
				mobile: null,
				department: null,
				hourlyWage: true,
				active: true,
				...company,
			};
		}
		return {
			resourceNumber: `N-${n}`,
			name: `New resource ${n}`,
			resourceType: 'machine',
			typeId: null,
			parentResourceId: null,
			active: true,
			...company,
		};
	}
}

/**
 * Machine registrations: a date window of at most 7 days, both ends together (ToDateTime is
 * inclusive, so Monday 00:00 to the next Monday 00:00 is the longest). A full load must send
 * one; incremental mode (ModifiedSince) may leave it out.
 */
function checkWindowLimit(query: ExtractionQuery, maxDays: number) {
	const { from, to } = query.window;
	if (from === undefined && to === undefined) {
		if (query.modifiedSince !== undefined) return;
		throw validationError(
			'FromDateTime',
			`A full load of machine registrations needs 'FromDateTime' and 'ToDateTime' at most ${maxDays} days apart.`,
		);
	}
	if (from === undefined)
		throw validationError(
			'FromDateTime',
			`'FromDateTime' is required with 'ToDateTime': machine registrations take both ends of a window of at most ${maxDays} days.`,
		);
	if (to === undefined)
		throw validationError(
			'ToDateTime',
			`'ToDateTime' is required with 'FromDateTime': machine registrations take both ends of a window of at most ${maxDays} days.`,
		);
	if (to - from > maxDays * DAY_MS)
		throw validationError(
			'ToDateTime',
			`The window from 'FromDateTime' to 'ToDateTime' may span at most ${maxDays} days on machine registrations.`,
		);
}
