import type { INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/options';
import { outputFields } from './outputField';
import { payrollLineFilterProperties } from '../../../shared/extraction/payrollLineFilters';
import { partitionOptions } from './partitionOptions';

/** Operations that read payroll lines and so take ExportFilter and UserPayrollTypeFilter. */
const PAYROLL_LINE_OPERATIONS = ['getPayrollLines', 'getPayrollLinesExtended'];

/**
 * The parameters every time-registration / payroll-line extraction shares: Return All or Limit,
 * the FromDateTime/ToDateTime window, the incremental parameters of the behaviour notes and
 * free-form extra query parameters.
 */
export function extractionFields(operation: string, noun: string): INodeProperties[] {
	const show = { show: { resource: ['dataExtraction'], operation: [operation] } };
	return [
		...returnAllAndLimit(show),
		...outputFields(show),
		{
			displayName: 'From Date Time',
			name: 'fromDateTime',
			type: 'dateTime',
			default: '',
			description: `Start of the window (FromDateTime, inclusive, UTC when no zone is given) of the ${noun}`,
			displayOptions: show,
		},
		{
			displayName: 'To Date Time',
			name: 'toDateTime',
			type: 'dateTime',
			default: '',
			description:
				'End of the window (ToDateTime, inclusive: a record dated exactly then is returned; UTC when no zone is given). To read consecutive periods without repeats, end each 1 ms before the next one starts (e.g. 2026-01-31T23:59:59.999Z).',
			displayOptions: show,
		},
		...(PAYROLL_LINE_OPERATIONS.includes(operation) ? payrollLineFilterProperties(show) : []),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: show,
			options: [
				{
					displayName: 'Chunk Limit',
					name: 'chunkLimit',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: 10000 },
					default: 2500,
					description:
						'Records per page (ChunkLimit, 1 to 10000). A page never splits one modification time, so it can hold a few more.',
				},
				{
					displayName: 'Include Page Facts',
					name: 'includePageFacts',
					type: 'boolean',
					default: false,
					description:
						'Whether to add the page envelope (syncTypeName, recordCount, deletedRecordCount, page number) to each item under "_page"',
				},
				{
					displayName: 'Modified Before',
					name: 'modifiedBefore',
					type: 'dateTime',
					default: '',
					description:
						'Upper bound of incremental mode (ModifiedBefore, exclusive). Requires Modified Since and must be later than it.',
				},
				{
					displayName: 'Modified Since',
					name: 'modifiedSince',
					type: 'dateTime',
					default: '',
					description:
						'Switches to incremental mode (ModifiedSince, inclusive): records created, changed or deleted since then, oldest change first. Deleted records come as tombstones (isDeleted: true).',
				},
				...partitionOptions,
				{
					displayName: 'Request Timeout (Ms)',
					name: 'timeout',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: 120000,
					description:
						'How long to wait for a page to start arriving, and for it to go on when it pauses, before treating the attempt as failed (and retrying it)',
				},
				...retryOptions,
			],
		},
		{
			displayName: 'Additional Query Parameters',
			name: 'additionalQuery',
			type: 'fixedCollection',
			placeholder: 'Add Parameter',
			typeOptions: { multipleValues: true },
			default: {},
			description:
				'Further query parameters the service accepts, sent as given on every page (repeat a name to send several values)',
			displayOptions: show,
			options: [
				{
					displayName: 'Parameter',
					name: 'parameter',
					values: [
						{ displayName: 'Name', name: 'name', type: 'string', default: '' },
						{ displayName: 'Value', name: 'value', type: 'string', default: '' },
					],
				},
			],
		},
	];
}

/** Retry settings of the shared paginator, offered by every extraction operation. */
export const retryOptions: INodeProperties[] = [
	{
		displayName: 'Retries per Page',
		name: 'retries',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 10 },
		default: 3,
		description:
			'How many times a page is asked again after a transient failure (HTTP 500/502/503/504, timeout, dropped connection) or a 429 (after waiting what its Retry-After says, when that fits in the Request Timeout)',
	},
	{
		displayName: 'Retry Delay (Ms)',
		name: 'retryDelay',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 1000,
		description: 'Wait before the first retry; doubled for each further one (at most 15 seconds)',
	},
];
