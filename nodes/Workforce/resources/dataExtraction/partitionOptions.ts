import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import type { PartitionBy } from './partitions/plan';

/**
 * The options that split a Return All into partitions read side by side (README "Partitions").
 * Absent in saved workflows, they mean what the node did before: one stream.
 */

/** Requests in flight at once by default: what the vendor's BI template uses for its monthly partitions, light for a shared service. */
export const DEFAULT_PARALLEL = 4;
export const MAX_PARALLEL = 8;

/** None first (what a node does unless asked), then by size. */
const PARTITION_BY_OPTIONS: INodePropertyOptions[] = [
	{ name: 'None', value: 'none', description: 'One stream, page after page' },
	{ name: 'Day', value: 'day', description: 'One partition per day, cut at midnight UTC' },
	{
		name: 'Week',
		value: 'week',
		description: 'One partition per week, cut at Monday midnight UTC',
	},
	{
		name: 'Month',
		value: 'month',
		description: 'One partition per month, cut at midnight UTC on the 1st',
	},
	{
		name: 'Equal Parts',
		value: 'parts',
		description: 'Partition Count slices of equal length',
	},
];

export const partitionOptions: INodeProperties[] = [
	{
		displayName: 'Parallel Requests',
		name: 'parallelRequests',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_PARALLEL },
		default: DEFAULT_PARALLEL,
		// Shown only where it applies; a hidden value is never read (readPartitioning).
		displayOptions: { show: { partitionBy: ['day', 'week', 'month', 'parts'] } },
		description:
			'How many page requests may be in flight at once (1 to 8). The node sends fewer while the service answers 429 or 503, and climbs back once it answers again.',
	},
	{
		displayName: 'Partition By',
		name: 'partitionBy',
		type: 'options',
		default: 'none',
		description:
			"Split the date window (From/To Date Time, read in n8n's time zone, or Modified Since/Before in incremental mode) into partitions read side by side. Partitions are cut at midnight UTC whatever n8n's zone: they change how the window is asked for, never which records it holds. Output keeps the order of one stream; a Limit still stops early.",
		options: PARTITION_BY_OPTIONS,
	},
	{
		displayName: 'Partition Count',
		name: 'partitionCount',
		type: 'number',
		typeOptions: { minValue: 2, maxValue: 1000 },
		default: 4,
		displayOptions: { show: { partitionBy: ['parts'] } },
		description: 'Into how many slices of equal length the window is cut',
	},
];

export interface PartitionSettings {
	by: PartitionBy;
	parts: number;
	parallel: number;
}

/** The partition options of one item, checked before any request; undefined when not partitioned. */
export function readPartitioning(
	ctx: IExecuteFunctions,
	itemIndex: number,
	options: { partitionBy?: string; partitionCount?: number; parallelRequests?: number },
): PartitionSettings | undefined {
	const by = (options.partitionBy ?? 'none') as PartitionBy | 'none';
	if (by === 'none') return undefined;
	const fail = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), message, { description, itemIndex });
	if (!['day', 'week', 'month', 'parts'].includes(by))
		throw fail(
			`Partition By has an unknown value: "${String(by)}"`,
			'Choose None, Day, Week, Month or Equal Parts.',
		);
	const parallel = Number(options.parallelRequests ?? DEFAULT_PARALLEL);
	if (!Number.isInteger(parallel) || parallel < 1 || parallel > MAX_PARALLEL)
		throw fail(
			`Parallel Requests must be a whole number from 1 to ${MAX_PARALLEL}, not ${String(options.parallelRequests)}`,
			`Set how many page requests may be in flight at once; ${DEFAULT_PARALLEL} is light for the service.`,
		);
	const parts = Number(options.partitionCount ?? 4);
	if (by === 'parts' && (!Number.isInteger(parts) || parts < 2 || parts > 1000))
		throw fail(
			`Partition Count must be a whole number from 2 to 1000, not ${String(options.partitionCount)}`,
			'Set into how many equal slices the window is cut, or choose Day, Week or Month.',
		);
	return { by, parts, parallel };
}
