/**
 * The extraction endpoints the behaviour notes add beyond the specification (section "Data
 * extraction: more that the live service is documented to do"), as the emulator serves them.
 * Every one pages like the others (ContinuationToken, ChunkLimit, ModifiedSince/ModifiedBefore);
 * what differs is the kind of record, and with it the deletion shape and the date window.
 */

/**
 * - master data (projects, work orders, resources, users): a deletion is the last stored version
 *   with `isDeleted: true`, its `modifiedDateTime` the last change *before* the deletion;
 * - registrations (machine, absence, incident): a tombstone, every other field empty, and
 *   `modifiedDateTime` equal to the deletion time;
 * - checklists: the full record with `isDeleted: true` (the deletion is its last change).
 */
export type RecordKind = 'master' | 'registration' | 'checklist';

export interface EmulatedEndpoint {
	/** Path below the extraction base. */
	path: string;
	kind: RecordKind;
	/**
	 * The record's own date the FromDateTime/ToDateTime window filters on; `ignored` where the
	 * notes say the service ignores the window, `none` for records without a date (master data:
	 * nothing to filter on, so the window is ignored too).
	 */
	window: { field: string } | 'ignored' | 'none';
	/** Longest FromDateTime..ToDateTime the service accepts (both ends included); a full load must send one. */
	maxWindowDays?: number;
	/** Whether records carry `pdfUrl` (null until the PDF exists). */
	pdf: boolean;
	/** Prefix of the seeded ids. */
	idPrefix: string;
}

export const EMULATED_ENDPOINTS: EmulatedEndpoint[] = [
	{ path: '/v1/project', kind: 'master', window: 'none', pdf: false, idPrefix: 'proj' },
	{
		path: '/v1/project/work-breakdown-structure',
		kind: 'master',
		window: 'none',
		pdf: false,
		idPrefix: 'wbs',
	},
	{ path: '/v1/user', kind: 'master', window: 'none', pdf: false, idPrefix: 'user' },
	{ path: '/v1/resource', kind: 'master', window: 'none', pdf: false, idPrefix: 'res' },
	{
		path: '/v1/absence-registrations',
		kind: 'registration',
		window: { field: 'startDateTime' },
		pdf: true,
		idPrefix: 'absreg',
	},
	{
		path: '/v1/machine-registrations',
		kind: 'registration',
		window: { field: 'stopDateTime' },
		maxWindowDays: 7,
		pdf: false,
		idPrefix: 'mchreg',
	},
	{
		path: '/v1/checklist-registrations',
		kind: 'checklist',
		window: 'ignored',
		pdf: true,
		idPrefix: 'chkreg',
	},
	{
		path: '/v1/incident-registrations',
		kind: 'registration',
		window: 'ignored',
		pdf: true,
		idPrefix: 'increg',
	},
];

export type EndpointPath =
	| '/v1/project'
	| '/v1/project/work-breakdown-structure'
	| '/v1/user'
	| '/v1/resource'
	| '/v1/absence-registrations'
	| '/v1/machine-registrations'
	| '/v1/checklist-registrations'
	| '/v1/incident-registrations';

/** The endpoint of a path given with or without the leading slash; undefined when it is not emulated. */
export function emulatedEndpoint(path: string): EmulatedEndpoint | undefined {
	const normal = '/' + path.replace(/^\/+/, '').toLowerCase();
	return EMULATED_ENDPOINTS.find((e) => e.path === normal);
}

/** Where generated PDFs live: an absolute link on a host that is none of the three bases. */
export const PDF_HOST = 'https://pdf.workforce-files.example';
/** How long after a record is created its PDF exists (the link is null before). */
export const PDF_DELAY_MS = 2 * 60_000;
