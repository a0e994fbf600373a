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
	options: PageStreamOptions,
): AsyncGenerator<ExtractionPage> {
	const { partitioning, rule = new StopRule<Slice>(false), budget, ...stream } = options;
	if (!partitioning) return oneStream.call(this, stream, budget);
	try {
		// Slices are cut for the streams the gate allows.
		const gate = new RequestGate(partitioning.parallel);
		const planner = new SlicePlanner(
			planPartitions(options.qs ?? {}, partitioning, Date.now()),
			aheadBytes(partitioning, budget),
			() => gate.allowed,
		);
		return slicedPages.call(this, planner, gate, partitioning.parallel, stream, rule, budget);
	} catch (error) {
		// Its message, and its description (how to fix the plan).
		throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: options.itemIndex });
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

/** Bytes of later slices' pages that may wait; in a run into items, half its budget (slices are cut to it, so each run makes progress). */
const aheadBytes = ({ budgetBytes = READ_AHEAD_BYTES }: Partitioning, budget?: ItemBudget) =>
	Math.min(budgetBytes, (budget?.bytes ?? Infinity) / 2);

async function* slicedPages(
	this: WorkforceContext,
	planner: SlicePlanner,
	gate: RequestGate,
	parallel: number,
	stream: PaginateOptions,
	rule: StopRule<Slice>,
	budget?: ItemBudget,
): AsyncGenerator<ExtractionPage> {
	// Every slice's stream shares the run's gate and progress, and the credentials read once.
	const credentials = await this.getCredentials(CREDENTIAL);
	const streams = { ...stream, credentials, progress: { pages: 0, records: 0 } };
	// An incremental run may have no end: then neither has its last slice's stretch.
	const runEnd = runStretch(stream.qs ?? {}).endMs;
	const open = (slice: Slice) => slicePages.call(this, slice, streams, gate, planner);
	const [next, size] = [() => planner.next(), (page: StreamPage) => page.bytes];
	let pageNumber = 0;
	// A slice goes out only if its pages fit the budget (resumable: all of them at once).
	const admit = (_: Slice, pages: StreamPage[]) =>
		budget?.admit(
			pages.reduce((sum, page) => sum + page.bytes, 0),
			pages.reduce((sum, page) => sum + page.decoded.count, 0),
		);
	const lanes = { parallel, rule, next, open, size, admit, aheadBytes: planner.aheadBytes };
	for await (const { lane: slice, value: page } of orderedRun(lanes)) {
		const stretch = { startMs: slice.startMs, endMs: slice.final ? runEnd : slice.endMs };
		const hasMore = page.hasMore || !slice.final;
		yield { ...page, hasMore, pageNumber: ++pageNumber, partition: slice.partition, stretch };
	}
}

/** A slice's pages; read to its end, what it held tells the planner the data's density. */
async function* slicePages(
	this: WorkforceContext,
	slice: Slice,
	streams: PaginateOptions,
	gate: RequestGate,
	planner: SlicePlanner,
): AsyncGenerator<StreamPage> {
	const [partition, acquire] = [partitionLabel(slice.partition), () => gate.acquire(slice.index)];
	let [bytes, records] = [0, 0];
	for await (const page of paginate.call(this, { ...streams, qs: slice.qs, partition, acquire })) {
		[bytes, records] = [bytes + page.bytes, records + page.decoded.count];
		yield page;
	}
	planner.finished(slice, bytes, records);
}
