/**
 * The extraction endpoints beyond the specification's own (behaviour notes), all paging alike;
 * they differ in date window and deletion shape. Read by Get Records (Other Endpoint) and the trigger.
 */

/**
 * How an incremental read returns a deletion: `tombstone` (id, isDeleted, deletedDateTime,
 * modifiedDateTime = deletion time, all else empty); `lastVersion` (the last version before the
 * deletion, with isDeleted and deletedDateTime); `fullRecord` (the whole record with isDeleted).
 */
export type DeletionShape = 'tombstone' | 'lastVersion' | 'fullRecord';

/** What FromDateTime/ToDateTime filter on (`date` names it for users); `ignored` by the service; `none` (master data). */
export type WindowRule = { date: string } | 'ignored' | 'none';

export interface ExtractionEndpoint {
	/** `v1/project`. */
	path: string;
	name: string;
	description: string;
	window: WindowRule;
	/** Longest FromDateTime..ToDateTime allowed (both included); a full load must then send one. */
	maxWindowDays?: number;
	deletion: DeletionShape;
}

export const EXTRACTION_ENDPOINTS: ExtractionEndpoint[] = [
	{
		path: 'v1/absence-registrations',
		name: 'Absence Registrations',
		description:
			'Absences (vacation, sick leave) per employee with type, period, approval and a PDF link',
		window: { date: 'the start of the absence' },
		deletion: 'tombstone',
	},
	{
		path: 'v1/checklist-registrations',
		name: 'Checklist Registrations',
		description:
			'Submitted checklists with their answers and a PDF link. The service ignores the date window.',
		window: 'ignored',
		deletion: 'fullRecord',
	},
	{
		path: 'v1/flow-locations',
		name: 'Flow Locations',
		description: 'Loading and dumping sites of mass transport',
		window: 'none',
		deletion: 'lastVersion',
	},
	{
		path: 'v1/flow-mass-types',
		name: 'Flow Mass Types',
		description: 'Kinds of mass (gravel, rock, soil) transported',
		window: 'none',
		deletion: 'lastVersion',
	},
	{
		path: 'v1/flow-trip-registrations',
		name: 'Flow Trip Registrations',
		description: 'Mass transport trips: from where to where, which mass, how much',
		window: { date: 'the trip date' },
		deletion: 'tombstone',
	},
	{
		path: 'v1/incident-registrations',
		name: 'Incident Registrations',
		description:
			'Incidents, near misses and deviations with a PDF link. The service ignores the date window.',
		window: 'ignored',
		deletion: 'tombstone',
	},
	{
		path: 'v1/item-registrations/web-query',
		name: 'Item Registrations',
		description: 'Items and materials registered on projects',
		window: { date: 'the registration date' },
		deletion: 'tombstone',
	},
	{
		path: 'v1/machine-checklist-registrations',
		name: 'Machine Checklist Registrations',
		description: 'Checklists filled in for a machine',
		window: { date: 'the registration date' },
		deletion: 'fullRecord',
	},
	{
		path: 'v1/machine-incident-registrations',
		name: 'Machine Incident Registrations',
		description: 'Incidents registered on a machine',
		window: { date: 'the registration date' },
		deletion: 'tombstone',
	},
	{
		path: 'v1/machine-registrations',
		name: 'Machine Registrations',
		description:
			'Machine hours per machine, project and day. A full load takes a date window of at most 7 days (on the stop time).',
		window: { date: 'the stop time' },
		maxWindowDays: 7,
		deletion: 'tombstone',
	},
	{
		path: 'v1/project',
		name: 'Projects',
		description: 'Every project with its numbers, dates, customer and state',
		window: 'none',
		deletion: 'lastVersion',
	},
	{
		path: 'v1/resource',
		name: 'Resources',
		description: 'Machines, equipment and other resources',
		window: 'none',
		deletion: 'lastVersion',
	},
	{
		path: 'v1/user',
		name: 'Users',
		description: 'Users (employees) with employee number, contact details and pay type',
		window: 'none',
		deletion: 'lastVersion',
	},
	{
		path: 'v1/project/work-breakdown-structure',
		name: 'Work Orders',
		description: "Work orders: each project's work breakdown structure",
		window: 'none',
		deletion: 'lastVersion',
	},
];

/** The row of a path (any case, leading slash or not). */
export function findEndpoint(path: string): ExtractionEndpoint | undefined {
	const normal = path.replace(/^\/+/, '').toLowerCase();
	return EXTRACTION_ENDPOINTS.find((e) => e.path === normal);
}
