import { seededId } from '../core/ids';
import type { EndpointPath } from '../extraction/otherEndpoints/endpoints';
import type { StoredRecord } from '../extraction/otherEndpoints/recordTable';
import { registrationFields } from '../extraction/otherEndpoints/registrations';
import type { Emulator } from '../server';

export interface OtherEndpointsSeedOptions {
	/** Generated records per registration endpoint (absences, machine hours, checklists, incidents); default 120. */
	registrations?: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Records of the other extraction endpoints, made from the demo data so they join with it: the
 * projects, work orders, people and machines of the integration API and the projects, tasks and
 * employees of the generated work data (same ids), the checklist and alert parents of the image
 * data (same ids), and generated registrations on them over the last weeks. Every time lies at
 * least an hour in the past, so a test that starts now sees none of them as a change.
 */
export function seedOtherEndpoints(emulator: Emulator, options: OtherEndpointsSeedOptions = {}) {
	const { sections, companies, clock } = emulator.ctx;
	const target = sections.otherEndpoints;
	const now = clock.now().getTime();
	const companyName = (id: string) => companies.get(id)?.name ?? null;
	const work = sections.workData.seeded ? sections.workData.data : undefined;

	// Master data: created over the last year and a half, some changed later.
	const load = (path: EndpointPath, id: string, fields: Record<string, unknown>) => {
		const i = target.table(path).count;
		const created = now - DAY * (540 - ((i * 37) % 500)) - HOUR;
		const modified = i % 3 === 0 ? Math.min(created + DAY * (1 + (i % 20)), now - HOUR) : created;
		target.load(path, { id, fields, created, modified, deleted: 0 });
	};
	for (const p of sections.projects.all()) {
		load('/v1/project', p.id, {
			projectNumber: p.projectNumber,
			name: p.name ?? null,
			externalProjectNumber: p.externalProjectNumber ?? null,
			description: p.description ?? null,
			active: p.active === true,
			startDate: typeof p.startDate === 'string' ? p.startDate.slice(0, 10) : null,
			finishedDate: typeof p.finishedDate === 'string' ? p.finishedDate.slice(0, 10) : null,
			customerName: p.projectCustomerName ?? null,
			companyId: p.companyId,
			companyName: companyName(p.companyId),
		});
	}
	for (const p of work?.projects ?? []) {
		load('/v1/project', p.id, {
			projectNumber: p.projectNumber,
			name: p.name,
			externalProjectNumber: p.externalNumber || null,
			description: null,
			active: true,
			startDate: null,
			finishedDate: null,
			customerName: null,
			companyId: p.companyId,
			companyName: p.companyName,
		});
	}
	const projectNumber = (id: string) =>
		target.table('/v1/project').get(id)?.fields.projectNumber ?? null;
	const perProject = new Map<string, number>();
	for (const w of sections.workOrders.all()) {
		const k = (perProject.get(w.projectId) ?? 0) + 1;
		perProject.set(w.projectId, k);
		load('/v1/project/work-breakdown-structure', w.id, {
			projectId: w.projectId,
			projectNumber: projectNumber(w.projectId),
			wbsNumber: String(k),
			name: w.name,
			externalId: w.externalId,
			active: w.active === true,
			companyId: w.companyId,
			companyName: companyName(w.companyId),
		});
	}
	for (const p of work?.projects ?? []) {
		load('/v1/project/work-breakdown-structure', p.taskId, {
			projectId: p.id,
			projectNumber: p.projectNumber,
			wbsNumber: '1.1',
			name: p.taskName,
			externalId: null,
			active: true,
			companyId: p.companyId,
			companyName: p.companyName,
		});
	}
	for (const person of sections.people.all()) {
		const employment = person.employments.at(-1);
		load('/v1/user', person.companyProfileId, {
			employeeNumber: person.employeeNumber,
			firstName: person.firstName,
			lastName: person.lastName,
			name: `${person.firstName} ${person.lastName}`,
			email: person.email ?? null,
			mobile: person.phone ?? null,
			department: employment?.department ?? null,
			hourlyWage: employment?.payroll === 1,
			active: !person.isDisabled,
			companyId: person.companyId,
			companyName: companyName(person.companyId),
		});
	}
	for (const e of work?.employees ?? []) {
		const [firstName, ...last] = e.name.split(' ');
		load('/v1/user', e.id, {
			employeeNumber: e.employeeNumber,
			firstName,
			lastName: last.join(' '),
			name: e.name,
			email: null,
			mobile: null,
			department: null,
			hourlyWage: e.hourly,
			active: true,
			companyId: e.companyId,
			companyName: e.companyName,
		});
	}
	for (const m of sections.machines.all()) {
		load('/v1/resource', m.id, {
			resourceNumber: m.machineNumber,
			name: m.name ?? null,
			resourceType: m.isEquipment ? 'equipment' : 'machine',
			typeId: m.typeId,
			parentResourceId: m.parentMachineId,
			active: m.active === true,
			companyId: m.companyId,
			companyName: companyName(m.companyId),
		});
	}

	// Registrations on those records.
	const live = (path: EndpointPath) => target.table(path).live();
	const projects = live('/v1/project');
	const refsFor = (project: StoredRecord, k: number, needsMachine: boolean) => {
		const company = project.fields.companyId;
		const users = live('/v1/user').filter((u) => u.fields.companyId === company && u.fields.active);
		const machines = live('/v1/resource').filter(
			(r) => r.fields.companyId === company && r.fields.resourceType === 'machine',
		);
		if (users.length === 0 || (needsMachine && machines.length === 0)) return undefined;
		return {
			project,
			user: users[k % users.length],
			workOrder: live('/v1/project/work-breakdown-structure').find(
				(w) => w.fields.projectId === project.id,
			),
			resource: machines.length ? machines[k % machines.length] : undefined,
		};
	};
	const count = Math.max(0, Math.floor(options.registrations ?? 120));
	const paths: EndpointPath[] = [
		'/v1/absence-registrations',
		'/v1/machine-registrations',
		'/v1/checklist-registrations',
		'/v1/incident-registrations',
	];
	for (const path of paths) {
		const table = target.table(path);
		const prefix = table.endpoint.idPrefix;
		// Checklist and alert parents of the image data are checklist and incident registrations: the same ids.
		const source =
			path === '/v1/checklist-registrations'
				? 'checklist'
				: path === '/v1/incident-registrations'
					? 'alert'
					: undefined;
		for (const parent of source
			? sections.images.allParents().filter((p) => p.source === source)
			: []) {
			const project = projects.find((p) => p.id === parent.projectId);
			const refs = project && refsFor(project, table.count, false);
			if (!refs) continue;
			const created = Date.parse(parent.createdDateTime);
			const fields = registrationFields(path, refs, created, table.count);
			if (source === 'checklist') fields.checklistName = parent.originDescription;
			else fields.title = parent.originDescription;
			target.load(path, {
				id: parent.id,
				fields,
				created,
				modified: Math.max(created, Date.parse(parent.modifiedDateTime)),
				deleted: 0,
			});
		}
		let day = Math.floor(now / DAY) - 2;
		for (let k = 0, tries = 0; table.count < count && tries < count * 20; tries++) {
			const project = projects[tries % projects.length];
			const refs = refsFor(project, tries, path === '/v1/machine-registrations');
			if (!refs) continue;
			// Three registrations a working day, going back from the day before yesterday.
			if (k > 0 && k % 3 === 0) {
				do day--;
				while ((day + 4) % 7 === 0 || (day + 4) % 7 === 6);
			}
			const start = day * DAY + 7 * HOUR + (k % 3) * 3 * HOUR;
			const created = start + 10 * HOUR;
			const modified = k % 4 === 0 ? Math.min(created + 2 * DAY, now - HOUR) : created;
			target.load(path, {
				id: seededId(prefix, k + 1),
				fields: registrationFields(path, refs, start, k),
				created,
				modified,
				deleted: 0,
			});
			k++;
		}
	}
}
