import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { WorkforceContext } from '../../../../shared/transport';
import type { DecodedPage } from '../../../../shared/extraction/pageDecoder';
import type { Progress } from '../../../../shared/extraction/pageErrors';
import {
	paginate,
	type PaginateOptions,
	type StreamPage,
} from '../../../../shared/extraction/pageLoop';
import { partitionLabel, type PlannedPartition } from './plan';
import { RequestGate } from '../../../helpers/requestGate';
import { SlicePlanner, type Slice } from './slices';

/**
 * Reads partitions side by side and hands their pages on in the order one stream would give:
 * partition by partition. Each partition is read as one or more slices (slices.ts: whole
 * days sized from the data seen, so the look-ahead fits the budget), each slice in token order.
 * At most `parallel` slices are read at once and the gate keeps at most that many requests in
 * flight (fewer while the service pushes back). Pages of later slices wait in memory for their
 * turn up to `budgetBytes`; past it, those slices stop asking until the sink catches up (the slice
 * being handed on never waits). A slice that fails stops every other and fails the whole stream.
 * Each page comes with its slice, as the page loop made it: numbering is pageStream.ts's.
 *
 * With `wholeSlices` (a run that may stop part-way and deliver what is complete, issue 34) a
 * failure may surface only at a slice boundary: a slice's pages are handed on only once its
 * stream has ended, so nothing of a slice that fails ever reaches the sink. A failed slice stops
 * the slices after it; those before it are read to their end and handed on, then the pages end
 * there and `stopped` is told which slice failed.
 */

export interface ScheduleOptions<P extends DecodedPage> {
	partitions: PlannedPartition[];
	parallel: number;
	budgetBytes: number;
	/** What every partition's stream shares (path, retry, timeout, decoder, ...). */
	stream: Omit<PaginateOptions<P>, 'qs' | 'partition' | 'progress' | 'gate' | 'credentials'>;
	credentials: ICredentialDataDecryptedObject;
	/** Given in by tests and figures to read the peak; a new one otherwise. */
	gate?: RequestGate;
	/**
	 * Hand a slice on only once read to its end: a slice that fails for good ends the pages at its
	 * start, and this is told which one (instead of the pages throwing).
	 */
	wholeSlices?: { stopped(failure: SliceFailure): void };
}

/** The first slice in output order that failed for good, after every slice before it was handed on. */
export interface SliceFailure {
	error: unknown;
	slice: Slice;
	/** The page of the slice that failed (1 = its first). */
	page: number;
}

/** Pages of the slice being handed on that are read ahead of the sink (as readAhead does for one stream). */
const HEAD_READ_AHEAD_PAGES = 2;

/** A page and the slice it belongs to. */
export interface SlicePage<P extends DecodedPage> {
	page: StreamPage<P>;
	slice: Slice;
}

interface Lane<P extends DecodedPage> {
	slice: Slice;
	pages: Array<StreamPage<P>>;
	done: boolean;
	/** Whole slices: why this slice ended before its stream did. */
	failed?: SliceFailure;
}

export async function* partitionedPages<P extends DecodedPage>(
	this: WorkforceContext,
	options: ScheduleOptions<P>,
): AsyncGenerator<SlicePage<P>> {
	const gate = options.gate ?? new RequestGate(options.parallel);
	// Slices of about budget / parallel: the other streams' look-ahead then fits the budget.
	const planner = new SlicePlanner(
		options.partitions,
		options.budgetBytes / Math.max(1, options.parallel),
	);
	const progress: Progress = { pages: 0, records: 0 };
	const lanes: Array<Lane<P>> = [];
	let head = 0;
	let buffered = 0;
	const whole = options.wholeSlices !== undefined;
	let failure: { error: unknown } | undefined;
	let stopped = false;
	/** Whole slices: slices after this index stop (the first failed one so far). */
	let stopAfter = Infinity;
	const halted = (lane: Lane<P>) => stopped || lane.slice.index > stopAfter;
	const roomWaiters = new Set<() => void>();
	/** Wakes the consumer: a page, a finished slice, a new slice or a failure. */
	let notify: (() => void) | undefined;
	const wakeConsumer = () => notify?.();
	const wakeAll = () => {
		for (const wake of [...roomWaiters]) wake();
		wakeConsumer();
	};
	const pumps: Array<Promise<void>> = [];
	let active = 0;

	const pump = async (lane: Lane<P>) => {
		const { slice } = lane;
		const pages = (paginate<P>).call(this, {
			...options.stream,
			qs: slice.qs,
			partition: partitionLabel(slice.partition),
			progress,
			gate,
			priority: slice.index,
			credentials: options.credentials,
		});
		let bytes = 0;
		let records = 0;
		let pagesRead = 0;
		try {
			for (;;) {
				// A later slice waits while the pages ahead of the sink are over budget; the slice being
				// handed on keeps HEAD_READ_AHEAD_PAGES pages ready, never more. With whole slices the
				// head is read to its end before the sink gets a page, so it never waits (the sink waits
				// for it); its pages still count against the budget, which holds the later slices back:
				// memory stays about the budget plus one slice, and slices are sized to fit the budget.
				while (
					!halted(lane) &&
					(slice.index === head
						? !whole && lane.pages.length >= HEAD_READ_AHEAD_PAGES
						: buffered >= options.budgetBytes)
				)
					await new Promise<void>((resolve) => {
						const wake = () => {
							roomWaiters.delete(wake);
							resolve();
						};
						roomWaiters.add(wake);
					});
				if (halted(lane)) break;
				const step = await pages.next();
				if (halted(lane)) break;
				if (step.done) {
					planner.finished(slice, bytes, records);
					break;
				}
				pagesRead++;
				lane.pages.push(step.value);
				bytes += step.value.bytes;
				records += step.value.decoded.count;
				buffered += step.value.bytes;
				wakeConsumer();
			}
		} catch (error) {
			if (whole) {
				// The slices before this one go on: they are the complete stretch the sink gets.
				lane.failed = { error, slice, page: pagesRead + 1 };
				stopAfter = Math.min(stopAfter, slice.index);
			} else {
				failure ??= { error };
				stopped = true;
			}
			wakeAll();
		} finally {
			if (halted(lane)) {
				await pages.return(undefined).catch(() => undefined);
				// Never handed on: its pages leave the budget (and memory) for the slices before it.
				for (const page of lane.pages.splice(0)) buffered -= page.bytes;
				for (const wake of [...roomWaiters]) wake();
			}
			lane.done = true;
			active--;
			startMore();
			wakeConsumer();
		}
	};
	// As many slices read at once as requests may be in flight; finished ones make room.
	const startMore = () => {
		while (!stopped && active < options.parallel && planner.nextIndex < stopAfter) {
			const slice = planner.next();
			if (!slice) return;
			const lane: Lane<P> = { slice, pages: [], done: false };
			lanes.push(lane);
			active++;
			pumps.push(pump(lane));
		}
	};

	try {
		startMore();
		for (;;) {
			// The head slice may not be cut yet (the probe is still being read): wait for it too.
			let lane = lanes[head] as Lane<P> | undefined;
			const waiting = (lane: Lane<P> | undefined) =>
				lane ? !lane.done && (whole || lane.pages.length === 0) : !planner.exhausted;
			while (!failure && waiting(lane)) {
				await new Promise<void>((resolve) => (notify = resolve));
				lane = lanes[head];
			}
			notify = undefined;
			if (failure) throw failure.error;
			if (!lane) break;
			if (lane.failed) {
				options.wholeSlices!.stopped(lane.failed);
				break;
			}
			const page = lane.pages.shift();
			if (page === undefined) {
				head++;
				// The new head may have waited for room: it waits only for the sink now.
				for (const wake of [...roomWaiters]) wake();
				continue;
			}
			buffered -= page.bytes;
			for (const wake of [...roomWaiters]) wake();
			yield { page, slice: lane.slice };
		}
	} finally {
		// Leaving early (a Limit, or a failure): the other slices stop asking.
		stopped = true;
		wakeAll();
		await Promise.all(pumps);
	}
}
