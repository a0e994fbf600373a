import { iso, typeId } from '../workModel';
import type { EndpointPath } from './endpoints';
import type { StoredRecord } from './recordTable';

/** The master records a registration points at (records of v1/project, v1/project/work-breakdown-structure, v1/user, v1/resource). */
export interface RegistrationRefs {
	project: StoredRecord;
	workOrder?: StoredRecord;
	user: StoredRecord;
	resource?: StoredRecord;
}

/** The absence types of the generated work data (same ids), so absences join with time registrations. */
export const ABSENCE_TYPES = [
	{ id: typeId(11), name: 'Vacation' },
	{ id: typeId(12), name: 'Sick leave' },
	{ id: typeId(13), name: 'Welfare leave' },
];
const CHECKLISTS = [
	'Safe Job Analysis',
	'Daily machine inspection',
	'Site inspection',
	'Handover checklist',
];
const INCIDENTS = [
	{ type: 'Near miss', severity: 'low' },
	{ type: 'Injury', severity: 'high' },
	{ type: 'Environment', severity: 'medium' },
	{ type: 'Deviation', severity: 'low' },
];
const HOUR = 3_600_000;

/**
 * The fields of the n-th registration of an endpoint, starting at `start` (ms), pointing at the
 * given master records. Used to seed and by `add` for every field a caller leaves out.
 */
export function registrationFields(
	path: EndpointPath,
	refs: RegistrationRefs,
	start: number,
	n: number,
): Record<string, unknown> {
	const p = refs.project.fields;
	const u = refs.user.fields;
	const project = {
		projectId: refs.project.id,
		projectNumber: p.projectNumber,
		projectName: p.name,
	};
	const task = {
		taskId: refs.workOrder?.id ?? null,
		taskName: refs.workOrder?.fields.name ?? null,
	};
	const user = { userId: refs.user.id, userName: u.name, userEmployeeNumber: u.employeeNumber };
	const company = { companyId: p.companyId, companyName: p.companyName };
	if (path === '/v1/absence-registrations') {
		const type = ABSENCE_TYPES[n % ABSENCE_TYPES.length];
		const days = 1 + (n % 3);
		return {
			...user,
			absenceTypeId: type.id,
			absenceTypeName: type.name,
			startDateTime: iso(start),
			stopDateTime: iso(start + (days - 1) * 24 * HOUR + 7.5 * HOUR),
			qty: days * 7.5,
			unitName: 'hours',
			approved: n % 5 !== 0,
			description: `${type.name}, ${days} day${days === 1 ? '' : 's'}`,
			companyId: u.companyId,
			companyName: u.companyName,
		};
	}
	if (path === '/v1/machine-registrations') {
		const r = refs.resource?.fields ?? {};
		const hours = 2 + (n % 7);
		return {
			resourceId: refs.resource?.id ?? null,
			resourceNumber: r.resourceNumber ?? null,
			resourceName: r.name ?? null,
			...project,
			...task,
			...user,
			startDateTime: iso(start),
			stopDateTime: iso(start + hours * HOUR),
			qty: hours,
			unitName: 'hours',
			description: `${String(r.name ?? 'Machine')} on ${String(p.name)}`,
			approved: n % 4 !== 0,
			...company,
		};
	}
	if (path === '/v1/checklist-registrations') {
		const name = CHECKLISTS[n % CHECKLISTS.length];
		return {
			checklistName: name,
			...project,
			...task,
			...user,
			registrationDateTime: iso(start),
			status: n % 6 === 0 ? 'inProgress' : 'completed',
			answers: [
				{ question: 'Is the work area secured?', answer: 'Yes' },
				{
					question: 'Are the right tools and protective equipment available?',
					answer: n % 3 === 0 ? 'No' : 'Yes',
				},
			],
			...company,
		};
	}
	if (path === '/v1/incident-registrations') {
		const incident = INCIDENTS[n % INCIDENTS.length];
		return {
			incidentType: incident.type,
			severity: incident.severity,
			title: `${incident.type} at ${String(p.name)}`,
			description: 'Registered from the mobile app.',
			status: n % 3 === 0 ? 'open' : 'closed',
			...project,
			...task,
			...user,
			registrationDateTime: iso(start),
			...company,
		};
	}
	throw new Error(`${path} is master data, not a registration`);
}
