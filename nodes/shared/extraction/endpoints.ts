/**
 * The extraction endpoints beyond the specification's own (behaviour notes), all paging alike;
 * they differ in date window and deletion shape. Read by Get Records (Other Endpoint) and the trigger.
 */

export interface ExtractionEndpoint {
	/** `v1/project`. */
	path: string;
	name: string;
	description: string;
	/** What FromDateTime/ToDateTime filter on (`date` names it for users); `ignored` by the service; `none` (master data). */
	window: { date: string } | 'ignored' | 'none';
	/** Longest FromDateTime..ToDateTime allowed (both included); a full load must then send one. */
	maxWindowDays?: number;
	/**
	 * How an incremental read returns a deletion: `tombstone` (id, isDeleted, deletedDateTime,
	 * modifiedDateTime = deletion time, all else empty); `lastVersion` (the last version before the
	 * deletion, with isDeleted and deletedDateTime); `fullRecord` (the whole record with isDeleted).
	 */
	deletion: 'tombstone' | 'lastVersion' | 'fullRecord';
}

/** Master data carry no date to filter on, and a deletion returns their last version. */
function masterData(path: string, name: string, description: string): ExtractionEndpoint {
	return { path, name, description, window: 'none', deletion: 'lastVersion' };
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
	masterData('v1/flow-locations', 'Flow Locations', 'Loading and dumping sites of mass transport'),
	masterData(
		'v1/flow-mass-types',
		'Flow Mass Types',
		'Kinds of mass (gravel, rock, soil) transported',
	),
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
	masterData('v1/project', 'Projects', 'Every project with its numbers, dates, customer and state'),
	masterData('v1/resource', 'Resources', 'Machines, equipment and other resources'),
	masterData(
		'v1/user',
		'Users',
		'Users (employees) with employee number, contact details and pay type',
	),
	masterData(
		'v1/project/work-breakdown-structure',
		'Work Orders',
		"Work orders: each project's work breakdown structure",
	),
];
