import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { INSTANT_HINT } from '../../../shared/dateHints';
import { editorZone } from '../../../shared/editorZone';
import { FROM_VERSION_2 } from '../../../shared/nodeVersion';
import { zoneOffsetMs } from '../../../shared/zonedTime';
import { outputOrThrow } from '../../helpers/itemErrors';
import { planPartitions, type PartitionBy } from './partitions/plan';
import { windowQuery } from './windowQuery';

/**
 * Plan Windows (node version 2): the days, weeks or months of a long range as items, one per window,
 * with no request. They are exactly the partitions Partition By cuts the same range into, so a
 * workflow can read a year window by window (Loop Over Items, a sub-workflow per window) and keep
 * each execution's memory to one window (docs/bulk-extraction.md "Small instances").
 */

export const planWindowsOption: INodePropertyOptions = {
	name: 'Plan Windows',
	value: 'planWindows',
	action: 'Plan the windows of a long range',
	description:
		'One item per day, week or month of a range, with its From/To for the extraction operations; sends no request',
};

const show = {
	show: { resource: ['dataExtraction'], operation: ['planWindows'], ...FROM_VERSION_2 },
};

const WINDOWS: Array<{ name: string; value: Extract<PartitionBy, 'day' | 'week' | 'month'> }> = [
	{ name: 'Day', value: 'day' },
	{ name: 'Month', value: 'month' },
	{ name: 'Week', value: 'week' },
];

export const planWindowsProperties: INodeProperties[] = [
	{
		displayName: 'From Date Time',
		name: 'fromDateTime',
		type: 'dateTime',
		required: true,
		default: '',
		description: `Start of the range, inclusive: the first window starts here. ${INSTANT_HINT}.`,
		displayOptions: show,
	},
	{
		displayName: 'To Date Time',
		name: 'toDateTime',
		type: 'dateTime',
		required: true,
		default: '',
		description: `End of the range, inclusive, as the extraction operations' To Date Time: the last window ends here. ${INSTANT_HINT}.`,
		displayOptions: show,
	},
	{
		displayName: 'Window',
		name: 'window',
		type: 'options',
		default: 'week',
		description:
			'How long each window is: the partitions of Partition By, cut at UTC boundaries (00:00 UTC, Monday 00:00 UTC, the 1st 00:00 UTC); the first and last windows end at the range. Choose a window whose records fit one execution (docs: Small instances).',
		options: WINDOWS,
		displayOptions: show,
	},
];

export async function planWindows(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const out: INodeExecutionData[] = [];
	const items = this.getInputData();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			for (const json of windowsOf(this, itemIndex))
				out.push({ json, pairedItem: { item: itemIndex } });
		} catch (error) {
			outputOrThrow(this, error, itemIndex, out);
		}
	}
	return [out];
}

function windowsOf(ctx: IExecuteFunctions, itemIndex: number) {
	const fail = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), message, { description, itemIndex });
	const by = ctx.getNodeParameter('window', itemIndex, 'week') as string;
	if (!WINDOWS.some((w) => w.value === by))
		throw fail(`Window has an unknown value: "${by}"`, 'Choose Day, Week or Month.');
	// Read as Get Time Registrations reads them: n8n's time zone, the same checks and wording,
	// but a plan of one instant is a mistake (both ends set to the same expression, say).
	const laterTo = (from: string, to: string) =>
		fail(
			'To Date Time must be later than From Date Time',
			`The range ${from} to ${to} holds no window. Set To Date Time to the end of the range, e.g. a year after From Date Time.`,
		);
	let qs;
	try {
		qs = windowQuery(ctx, itemIndex, {}, undefined);
	} catch (error) {
		const reversed = /^The window (\S+) to (\S+) is empty/.exec(
			(error as { description?: string }).description ?? '',
		);
		throw reversed ? laterTo(reversed[1], reversed[2]) : error;
	}
	for (const [field, label] of [
		['FromDateTime', 'From Date Time'],
		['ToDateTime', 'To Date Time'],
	])
		if (qs[field] === undefined)
			throw fail(
				`${label} is empty`,
				'Plan Windows needs the whole range: set From Date Time and To Date Time (e.g. {{ $today.minus({ years: 1 }) }} and {{ $today.minus({ milliseconds: 1 }) }}).',
			);
	const [from, to] = [qs.FromDateTime as string, qs.ToDateTime as string];
	if (Date.parse(from) === Date.parse(to)) throw laterTo(from, to);
	let planned;
	try {
		// A full-load range has its own end, so no "now" bounds it.
		planned = planPartitions(qs, { by: by as PartitionBy }, 0);
	} catch (error) {
		// The only plan a range with both ends can fail: more windows than Partition By allows.
		const { message } = error as Error;
		throw fail(
			message.replace(/^Partition By makes (\d+) partitions/, 'The range makes $1 windows'),
			'Choose a longer Window (Week or Month), or plan a shorter range.',
		);
	}
	const zone = editorZone(ctx, itemIndex);
	return planned.map(({ partition }) => ({
		index: partition.index,
		count: partition.count,
		fromDateTime: partition.from,
		toDateTime: partition.to as string,
		from: isoInZone(Date.parse(partition.from), zone),
		to: isoInZone(Date.parse(partition.to as string), zone),
	}));
}

/** An instant in ISO 8601 with the zone's offset at that instant (Luxon's toISO form). */
function isoInZone(ms: number, zone: string | undefined): string {
	const offset = zone === undefined ? 0 : zoneOffsetMs(zone, ms);
	const wall = new Date(ms + offset).toISOString().slice(0, -1);
	const minutes = Math.round(Math.abs(offset) / 60_000);
	const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
	return `${wall}${offset < 0 ? '-' : '+'}${hhmm}`;
}
