import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { WorkforceContext } from '../../../../shared/transport';
import type { DecodedPage } from '../../../../shared/extraction/pageDecoder';
import type { Progress } from '../../../../shared/extraction/pageRequest';
import {
	paginate,
	type PaginateOptions,
	type StreamPage,
} from '../../../../shared/extraction/pageLoop';
import { partitionLabel, type PlannedPartition } from './plan';
import { RequestGate } from '../../../helpers/requestGate';
import { SlicePlanner, type Slice } from './slices';

/**
 * Reads slices (slices.ts) side by side, at most `parallel` at once, and hands their pages on in
 * one stream's order. Pages of later slices wait in memory up to `budgetBytes`; past it those
 * slices stop asking until the sink catches up. A failed slice fails the whole stream, or with
 * `wholeSlices` (issue 34) ends the pages at its start once the slices before it are handed on.
 */

export interface ScheduleOptions<P extends DecodedPage> {
	partitions: PlannedPartition[];
	parallel: number;
	budgetBytes: number;
	/** What every partition's stream shares (path, retry, timeout, decoder, ...). */
	stream: Omit<PaginateOptions<P>, 'qs' | 'partition' | 'progress' | 'gate' | 'credentials'>;
	credentials: ICredentialDataDecryptedObject;
	/** Given in by tests and figures to read the peak. */
	gate?: RequestGate;
	/** Hand a slice on only once read to its end; told which slice failed instead of throwing. */
	wholeSlices?: { stopped(failure: SliceFailure): void };
}

/** The first slice in output order that failed for good. */
export interface SliceFailure {
	error: unknown;
	slice: Slice;
	/** The page of the slice that failed (1 = its first). */
	page: number;
}

/** Pages of the slice being handed on that are read ahead of the sink. */
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
	/** Whole slices: slices after this index (the first failed one) stop. */
	let stopAfter = Infinity;
	const halted = (lane: Lane<P>) => stopped || lane.slice.index > stopAfter;
	let roomWaiters: Array<() => void> = [];
	const wakeRoom = () => {
		const waiters = roomWaiters;
		roomWaiters = [];
		for (const wake of waiters) wake();
	};
	let notify: (() => void) | undefined;
	const wakeConsumer = () => notify?.();
	const wakeAll = () => {
		wakeRoom();
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
				// Later slices wait while over budget; the head keeps HEAD_READ_AHEAD_PAGES ready, or
				// with whole slices is read to its end (memory: about the budget plus one slice).
				while (
					!halted(lane) &&
					(slice.index === head
						? !whole && lane.pages.length >= HEAD_READ_AHEAD_PAGES
						: buffered >= options.budgetBytes)
				)
					await new Promise<void>((resolve) => roomWaiters.push(resolve));
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
				for (const page of lane.pages.splice(0)) buffered -= page.bytes;
				wakeRoom();
			}
			lane.done = true;
			active--;
			startMore();
			wakeConsumer();
		}
	};
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
			// The head slice may not be cut yet (the probe is still out): wait for it too.
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
				wakeRoom();
				continue;
			}
			buffered -= page.bytes;
			wakeRoom();
			yield { page, slice: lane.slice };
		}
	} finally {
		stopped = true;
		wakeAll();
		await Promise.all(pumps);
	}
}
