import type { INodeProperties } from 'n8n-workflow';

import { payrollLineFilterProperties } from '../shared/extraction/payrollLineFilters';
import {
	DATA_FILTER_OPTIONS,
	USER_PAYROLL_TYPE_DEFAULT_V2,
	USER_PAYROLL_TYPE_OPTIONS,
} from '../shared/payrollExportFilters';
import { otherEndpointProperties } from './otherEndpoint';
import { ZONED_INSTANT_HINT } from '../shared/dateHints';
import { budgetOption, TRIGGER_POLL_BUDGET_MB } from '../shared/itemBudget';

const onEvent = (...event: string[]) => ({ show: { event } });

const TIMEOUT_DESCRIPTION =
	'How long a request may wait for its answer to start, or for a page to go on when it pauses, before it counts as failed (and is retried)';

export const eventProperty: INodeProperties = {
	displayName: 'Event',
	name: 'event',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Image Added',
			value: 'image',
			action: 'On image added to a feed post, alert or checklist',
			description: 'A photo was attached to a feed post, an alert or a checklist submission',
		},
		{
			name: 'Payroll Export Data Changed',
			value: 'payrollExport',
			action: 'On payroll summary of an employee and day changed',
			description: 'A per-employee, per-day payroll summary of the payroll export changed',
		},
		{
			name: 'Payroll Line Changed',
			value: 'payrollLine',
			action: 'On payroll line created, changed or deleted',
			description: 'A processed payroll line was created, changed or deleted',
		},
		{
			name: 'Records Changed (Other Endpoint)',
			value: 'otherEndpoint',
			action: 'On records of another extraction endpoint created, changed or deleted',
			description:
				'A record of another extraction endpoint (projects, work orders, users, resources, absences, machine hours, checklists, incidents, ...) was created, changed or deleted',
		},
		{
			name: 'Time Registration Created, Changed or Deleted',
			value: 'timeRegistration',
			action: 'On time registration created, changed or deleted',
		},
	],
	default: 'timeRegistration',
};

export const triggerProperties: INodeProperties[] = [
	eventProperty,
	{
		displayName: 'Emit',
		name: 'timeRegistrationEvents',
		type: 'multiOptions',
		options: [
			{
				name: 'Created',
				value: 'created',
				description: 'Whether to emit registrations created since the previous poll',
			},
			{
				name: 'Changed',
				value: 'changed',
				description: 'Whether to emit changes to registrations',
			},
			{
				name: 'Deleted',
				value: 'deleted',
				description:
					'Whether to emit deletions: items with only event "deleted", the ID and the deletion time',
			},
		],
		default: ['created', 'changed', 'deleted'],
		description: 'Which changes to output; every item says its kind in the field "event"',
		displayOptions: onEvent('timeRegistration'),
	},
	{
		displayName: 'Detail',
		name: 'payrollLineDetail',
		type: 'options',
		options: [
			{ name: 'Payroll Lines', value: 'plain', description: 'GET /v1/payroll-lines' },
			{
				name: 'Payroll Lines Extended',
				value: 'extended',
				description: 'GET /v1/payroll-lines-extended: with the overtime lines of each day',
			},
		],
		default: 'plain',
		displayOptions: onEvent('payrollLine'),
	},
	{
		displayName: 'Include Deletions',
		name: 'includeDeletions',
		type: 'boolean',
		default: true,
		description:
			'Whether to emit deleted payroll lines: items with only event "deleted", the ID and the deletion time',
		displayOptions: onEvent('payrollLine'),
	},
	...payrollLineFilterProperties(onEvent('payrollLine')),
	...otherEndpointProperties,
	{
		displayName: 'Image Filters',
		name: 'imageFilters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: onEvent('image'),
		options: [
			{
				displayName: 'Company ID',
				name: 'companyId',
				type: 'string',
				default: '',
				description: 'Only images of data owned by this project company',
			},
			{
				displayName: 'Exclude Data From Subsidiaries',
				name: 'excludeDataFromSubsidiaries',
				type: 'boolean',
				default: false,
				description: 'Whether a parent-company client leaves out the images of its subsidiaries',
			},
			{
				displayName: 'Own Company Data Only',
				name: 'ownCompanyDataOnly',
				type: 'boolean',
				default: false,
				description: 'Whether to leave out images merely shared with your company',
			},
			{
				displayName: 'Project ID',
				name: 'projectId',
				type: 'string',
				default: '',
				description: 'Only images of this project',
			},
			{
				displayName: 'Require Geo Coordinate',
				name: 'requireGeoCoordinate',
				type: 'boolean',
				default: false,
				description:
					"Whether to leave out images that have neither their own nor their parent's GPS position",
			},
			{
				displayName: 'Sources',
				name: 'sources',
				type: 'multiOptions',
				options: [
					{ name: 'Alert', value: 'alert' },
					{ name: 'Checklist', value: 'checklist' },
					{ name: 'Feed', value: 'feed' },
				],
				default: [],
				description: 'Where the images come from; none chosen means all three',
			},
		],
	},
	{
		displayName: 'Work Date Range (Days)',
		name: 'workDateRangeDays',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 45 },
		default: 14,
		description:
			"How many days back from today the watched work dates reach (the service allows 45 at most). Today is the day in n8n's time zone (trigger version 1 and 1.1: in UTC).",
		displayOptions: onEvent('payrollExport'),
	},
	{
		displayName: 'Export Filters',
		name: 'exportFilters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: onEvent('payrollExport'),
		options: [
			{
				displayName: 'Export All Payroll Types',
				name: 'exportAllPayrollTypes',
				type: 'boolean',
				default: false,
				description: 'Whether to include payroll types marked do-not-export in the payroll setup',
			},
			{
				displayName: 'Export Filter',
				name: 'dataFilter',
				type: 'options',
				options: DATA_FILTER_OPTIONS,
				default: 0,
			},
			{
				displayName: 'Include All Absence',
				name: 'includeAllAbsence',
				type: 'boolean',
				default: false,
				description: 'Whether to include absence transactions regardless of absence type',
			},
			{
				displayName: 'Only Data From External Projects',
				name: 'onlyDataFromExternalProjects',
				type: 'boolean',
				default: false,
				description: 'Whether to include only data registered in external projects',
			},
			{
				displayName: 'User Payroll Type Filter',
				name: 'userPayrollTypeFilter',
				type: 'options',
				options: USER_PAYROLL_TYPE_OPTIONS,
				default: USER_PAYROLL_TYPE_DEFAULT_V2,
				description:
					"Which employees to watch. Without this filter: all users from trigger version 2, Paid by Hour (the service's default, fixed-salary employees missing) in versions 1 and 1.1.",
			},
		],
	},
	{
		displayName: 'Start From',
		name: 'startFrom',
		type: 'options',
		options: [
			{
				name: 'Now',
				value: 'now',
				description: 'Only changes made after the workflow is activated',
			},
			{
				name: 'A Date (Backfill)',
				value: 'date',
				description: 'Also every change made since a date, on the first poll',
			},
		],
		default: 'now',
		description:
			'Where the first poll after activation starts; later polls continue where the previous one ended',
	},
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		required: true,
		description: `Changes made since this moment are emitted by the first poll (payroll export data: at most one year back). ${ZONED_INSTANT_HINT}. Without a zone it is read in n8n's time zone (trigger version 1 and 1.1: the server's).`,
		displayOptions: { show: { startFrom: ['date'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Chunk Limit',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 10000 },
				default: 2500,
				description: 'Records (for images: parent records) per page, sent as ChunkLimit',
			},
			// Issue 46: the node's option of the same name bounds a run into items; this one a poll.
			budgetOption(
				TRIGGER_POLL_BUDGET_MB,
				`The megabytes of records one poll may emit: it stops before the change that would pass them, and the next poll continues exactly there (nothing skipped, nothing repeated), as with Max Changes per Poll. ${TRIGGER_POLL_BUDGET_MB} (about 1,400 time registrations) is safe on a 640 MiB n8n; raise it only on a larger instance (docs/bulk-extraction.md#small-instances). Not for Payroll Export Changed.`,
			),
			{
				displayName: 'Max Changes per Poll',
				name: 'maxChangesPerPoll',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 10000,
				description:
					"A poll emits at most this many changes; the next poll continues exactly where it stopped (nothing skipped, nothing repeated), so a backfill from an early Start Date runs as a series of small executions. 0 means no bound (the poll still stops when n8n's time for one poll runs out). Keep Max Remembered Changes above the number of changes saved at one and the same instant. Not for Payroll Export Changed.",
			},
			{
				displayName: 'Max Remembered Changes',
				name: 'maxRemembered',
				type: 'number',
				typeOptions: { minValue: 100 },
				default: 20000,
				description:
					'How many recently emitted changes the trigger remembers to drop repeats inside the overlap. Above it the oldest are forgotten: a repeat may then be emitted twice, a change is never skipped. Changes at the instant a poll stopped by Max Changes per Poll resumes from are always kept.',
			},
			{
				displayName: 'Overlap (Minutes)',
				name: 'overlapMinutes',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 2 },
				default: 10,
				description:
					"Each poll reads again this far back before the previous poll's start, so a change saved late or stamped by a clock running a little apart is not missed; repeats are dropped",
			},
			{
				displayName: 'Request Timeout (Ms)',
				name: 'timeout',
				type: 'number',
				typeOptions: { minValue: 100 },
				default: 60000,
				description: TIMEOUT_DESCRIPTION,
				displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }] } },
			},
			{
				// Version 1's setting, in seconds: saved workflows keep it.
				displayName: 'Request Timeout (Seconds)',
				name: 'timeoutSeconds',
				type: 'number',
				typeOptions: { minValue: 0.1, numberPrecision: 1 },
				default: 60,
				description: TIMEOUT_DESCRIPTION,
				displayOptions: { show: { '@version': [1] } },
			},
			{
				displayName: 'Retries per Page',
				name: 'retries',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 10 },
				default: 3,
				description:
					'How often a page that failed with a 5xx answer, a timeout or a dropped connection, or was rate limited (429, after waiting what its Retry-After says), is asked again before the poll fails',
			},
			{
				displayName: 'Retry Delay (Ms)',
				name: 'retryDelayMs',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 1000,
				description: 'Wait before the first retry; doubled for each further one',
			},
		],
	},
];
