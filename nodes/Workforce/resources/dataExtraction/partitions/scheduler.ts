import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { CREDENTIAL, type WorkforceContext } from '../../../../shared/transport';
import type { DecodedPage } from '../../../../shared/extraction/pageDecoder';
import {
	paginate,
	type PaginateOptions,
	type StreamPage,
} from '../../../../shared/extraction/pageLoop';
import { partitionLabel, type PlannedPartition } from './plan';
import { RequestGate } from './requestGate';
import { SlicePlanner, type Slice } from './slices';
import type { ExtractionPage, Partitioning } from '../pageStream';
import { runStretch, type ResumeState, type StreamStop } from '../resume';

/**
 * Reads slices (slices.ts) side by side, at most `parallel` at once, and hands their pages on in
 * one stream's order, numbered. Pages of later slices wait in memory up to `budgetBytes`; past it
 * those slices stop asking until the sink catches up. A failed slice fails the whole stream, or with
 * `resume` (issue 34) the slice is handed on only once read to its end, and the pages end at the
 * start of the first that failed (said in `resume`) once the slices before it are handed on.
 */

/** Pages of later slices read ahead of the sink, at most: about twenty pages of 2,500 time registrations. */
const READ_AHEAD_BYTES = 64 * 1024 * 1024;

/** Pages of the slice being handed on that are read ahead of the sink. */
const HEAD_READ_AHEAD_PAGES = 2;

interface Lane<P extends DecodedPage> {
	slice: Slice;
	pages: Array<StreamPage<P>>;
	done: boolean;
	/** With `resume`: why this slice ended before its stream did. */
	failed?: StreamStop;
}

export async function* partitionedPages<P extends DecodedPage>(
	this: WorkforceContext,
	partitions: PlannedPartition[],
	partitioning: Partitioning,
	/** What every slice's stream shares (path, retry, timeout, decoder, ...). */
	stream: PaginateOptions<P>,
	resume?: ResumeState,
): AsyncGenerator<ExtractionPage<P>> {
	const { parallel, budgetBytes = READ_AHEAD_BYTES } = partitioning;
	// Every slice's stream shares the run's gate and progress, and the credentials read once.
	const credentials = await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL);
	const streams = { ...stream, credentials, progress: { pages: 0, records: 0 } };
	const gate = new RequestGate(parallel);
	const planner = new SlicePlanner(partitions, budgetBytes / Math.max(1, parallel));
	// An incremental run may have no end: then neither has its last slice's stretch.
	const runEnd = runStretch(stream.qs ?? {}).endMs;
	const lanes: Array<Lane<P>> = [];
	const pumps: Array<Promise<void>> = [];
	let head = 0;
	let pageNumber = 0;
	let buffered = 0;
	let failure: { error: unknown } | undefined;
	/** Slices after this index stop: the first failed one (with `resume`), or -1 once the run ends. */
	let stopAfter = Infinity;
	const halted = (lane: Lane<P>) => lane.slice.index > stopAfter;
	// Later slices wait while over budget; the head keeps HEAD_READ_AHEAD_PAGES ready, or with
	// `resume` is read to its end (memory: about the budget plus one slice).
	const mayRead = (lane: Lane<P>) =>
		lane.slice.index === head
			? resume !== undefined || lane.pages.length < HEAD_READ_AHEAD_PAGES
			: buffered < budgetBytes;
	// The head slice may not be cut yet (the probe is still out): then it waits for that too.
	const headReady = () => {
		const lane = lanes[head] as Lane<P> | undefined;
		return lane ? lane.done || (!resume && lane.pages.length > 0) : planner.exhausted;
	};
	// Every change wakes every waiter; each checks its own condition again.
	const waiters: Array<() => void> = [];
	const changed = () => waiters.splice(0).forEach((wake) => wake());
	const until = async (ready: () => boolean) => {
		while (!ready()) await new Promise<void>((resolve) => waiters.push(resolve));
	};

	const pump = async (lane: Lane<P>) => {
		const { slice } = lane;
		const partition = partitionLabel(slice.partition);
		const pages = (paginate<P>).call(this, {
			...streams,
			qs: slice.qs,
			partition,
			acquire: () => gate.acquire(slice.index),
		});
		let bytes = 0;
		let records = 0;
		try {
			for (;;) {
				await until(() => halted(lane) || mayRead(lane));
				if (halted(lane)) break;
				const step = await pages.next();
				if (halted(lane)) break;
				if (step.done) {
					planner.finished(slice, bytes, records);
					break;
				}
				lane.pages.push(step.value);
				bytes += step.value.bytes;
				records += step.value.decoded.count;
				buffered += step.value.bytes;
				changed();
			}
		} catch (error) {
			if (resume) {
				// With `resume` none of the slice's pages was handed on yet.
				lane.failed = { error, startMs: slice.startMs, partition, page: lane.pages.length + 1 };
				stopAfter = Math.min(stopAfter, slice.index);
			} else {
				failure ??= { error };
				stopAfter = -1;
			}
		} finally {
			if (halted(lane)) {
				await pages.return(undefined).catch(() => undefined);
				for (const page of lane.pages.splice(0)) buffered -= page.bytes;
			}
			lane.done = true;
			startMore();
			changed();
		}
	};
	const startMore = () => {
		while (lanes.filter((lane) => !lane.done).length < parallel && planner.nextIndex < stopAfter) {
			const slice = planner.next();
			if (!slice) return;
			const lane: Lane<P> = { slice, pages: [], done: false };
			lanes.push(lane);
			pumps.push(pump(lane));
		}
	};

	try {
		startMore();
		for (;;) {
			await until(() => failure !== undefined || headReady());
			if (failure) throw failure.error;
			const lane = lanes[head] as Lane<P> | undefined;
			if (!lane) break;
			if (lane.failed) {
				resume!.stop = lane.failed;
				break;
			}
			const page = lane.pages.shift();
			if (page === undefined) {
				head++;
				changed();
				continue;
			}
			buffered -= page.bytes;
			changed();
			const { slice } = lane;
			const stretch = { startMs: slice.startMs, endMs: slice.final ? runEnd : slice.endMs };
			const hasMore = page.hasMore || !slice.final;
			yield { ...page, hasMore, pageNumber: ++pageNumber, partition: slice.partition, stretch };
		}
	} finally {
		stopAfter = -1;
		changed();
		await Promise.all(pumps);
	}
}
