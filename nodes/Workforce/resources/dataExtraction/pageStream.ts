import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { CREDENTIAL, type WorkforceContext } from '../../../shared/transport';
import {
	paginate,
	type PaginateOptions,
	type StreamPage,
} from '../../../shared/extraction/pageLoop';
import type { ItemBudget } from '../../helpers/itemBudget';
import { orderedRun, StopRule } from '../../helpers/orderedRunner';
import {
	partitionLabel,
	planPartitions,
	queryWindow,
	type PagePartition,
	type PartitionRequest,
	type PlannedPartition,
} from './partitions/plan';
import { RequestGate } from './partitions/requestGate';
import { SlicePlanner, type Slice } from './partitions/slices';

/**
 * The run's pages: one token stream, or (Partition By) partitions planned and checked before any
 * request, cut into slices (partitions/slices.ts) and read by the ordered runner
 * (helpers/orderedRunner.ts), their pages handed on in one stream's order, numbered.
 */

/** Pages of later slices read ahead of the sink, at most: about twenty pages of 2,500 time registrations. */
const READ_AHEAD_BYTES = 64 * 1024 * 1024;

/** [startMs, endMs) of the window; an end is undefined where the run's window has none. */
export interface Stretch {
	startMs?: number;
	endMs?: number;
}

/** The whole window of a run's query (an unpartitioned run's every page lies in it). */
export function runStretch(qs: IDataObject): Stretch {
	const { start, end, inclusive } = queryWindow(qs);
	const ms = (key: string, more = 0) =>
		typeof qs[key] === 'string' ? Date.parse(qs[key] as string) + more : undefined;
	return { startMs: ms(start), endMs: ms(end, inclusive) };
}

/** A stream's page as the run hands it on: numbered and `hasMore` across partitions, placed in the window. */
export interface ExtractionPage extends StreamPage {
	/** 1 for the first page, counted across partitions. */
	pageNumber: number;
	partition?: PagePartition;
	/** Its slice's stretch, or the run's whole window. */
	stretch: Stretch;
}

export interface Partitioning extends PartitionRequest {
	parallel: number;
	/** Bytes of later slices' pages that may wait for the sink (default READ_AHEAD_BYTES). */
	budgetBytes?: number;
}

export interface PageStreamOptions extends PaginateOptions {
	partitioning?: Partitioning;
	/** Partitioned: the runner's stop rule (resumable, issue 34: a failed slice ends the pages at its start, said there). */
	rule?: StopRule<Slice>;
	/** Issue 46: a run into items stops before its pages pass the budget (partitioned: at a slice boundary, by the rule). */
	budget?: ItemBudget;
}

export function pageStream(
	this: WorkforceContext,
	{ partitioning, rule = new StopRule<Slice>(false), budget, ...stream }: PageStreamOptions,
): AsyncGenerator<ExtractionPage> {
	if (!partitioning) return oneStream.call(this, stream, budget);
	try {
		const planned = planPartitions(stream.qs ?? {}, partitioning, Date.now());
		return slicedPages.call(this, planned, partitioning, stream, rule, budget);
	} catch (error) {
		// Its message, and its description (how to fix the plan).
		throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: stream.itemIndex });
	}
}

/** Unpartitioned: the stream's pages, each in the run's whole window. */
async function* oneStream(
	this: WorkforceContext,
	options: PaginateOptions,
	budget?: ItemBudget,
): AsyncGenerator<ExtractionPage> {
	const stretch = runStretch(options.qs ?? {});
	let pageNumber = 0;
	for await (const page of paginate.call(this, options)) {
		// No slice boundary to stop at: the run fails before it holds more (resumable: nothing goes out).
		const refused = budget?.admit(page.bytes, page.decoded.count);
		if (refused) throw refused;
		yield { ...page, pageNumber: ++pageNumber, stretch };
	}
}

async function* slicedPages(
	this: WorkforceContext,
	planned: PlannedPartition[],
	{ parallel, budgetBytes = READ_AHEAD_BYTES }: Partitioning,
	stream: PaginateOptions,
	rule: StopRule<Slice>,
	budget?: ItemBudget,
): AsyncGenerator<ExtractionPage> {
	// Slices are cut for the streams the gate allows; into items, to half the budget (each run makes progress).
	const gate = new RequestGate(parallel);
	const aheadBytes = Math.min(budgetBytes, (budget?.bytes ?? Infinity) / 2);
	const planner = new SlicePlanner(planned, aheadBytes, () => gate.allowed);
	// Every slice's stream shares the run's gate and progress, and the credentials read once.
	const credentials = await this.getCredentials(CREDENTIAL);
	const streams = { ...stream, credentials, progress: { pages: 0, records: 0 } };
	const open = (slice: Slice) => {
		const partition = partitionLabel(slice.partition);
		const acquire = () => gate.acquire(slice.index);
		const pages = paginate.call(this, { ...streams, qs: slice.qs, partition, acquire });
		return planner.read(slice, pages);
	};
	const [next, size] = [() => planner.next(), (page: StreamPage) => page.bytes];
	let pageNumber = 0;
	// A slice goes out only if its pages fit the budget (resumable: all of them at once).
	const admit = (pages: StreamPage[]) =>
		budget?.admit(
			pages.reduce((sum, page) => sum + page.bytes, 0),
			pages.reduce((sum, page) => sum + page.decoded.count, 0),
		);
	const lanes = { parallel, rule, next, open, size, admit, aheadBytes };
	// A page's stretch: the window its slice asked for, as cut (the last one's end is the run's own, or none).
	const { endMs: runEnd } = runStretch(stream.qs ?? {});
	for await (const { lane: slice, value: page } of orderedRun(lanes)) {
		const stretch = { startMs: slice.startMs, endMs: slice.final ? runEnd : slice.endMs };
		const hasMore = page.hasMore || !slice.final;
		yield { ...page, hasMore, pageNumber: ++pageNumber, partition: slice.partition, stretch };
	}
}
