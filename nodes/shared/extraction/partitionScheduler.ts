import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { WorkforceContext } from '../transport';
import type { ExtractionPage } from './extractionPage';
import type { Progress } from './pageErrors';
import { paginate, type PaginateOptions } from './pageLoop';
import type { PlannedPartition } from './partitionPlan';
import { RequestGate } from './requestGate';

/**
 * Reads partitions side by side and hands their pages on in the order one stream would give:
 * partition by partition, each in token order. At most `parallel` partitions are read at once and
 * the gate keeps at most that many requests in flight (fewer while the service pushes back).
 * Pages of later partitions wait in memory for their turn up to `budgetBytes`; past it, those
 * partitions stop asking until the sink catches up (the partition being handed on never waits).
 * A partition that fails stops every other and fails the whole stream.
 */

export interface ScheduleOptions {
	partitions: PlannedPartition[];
	parallel: number;
	budgetBytes: number;
	/** What every partition's stream shares (path, retry, timeout, scan, ...). */
	stream: Omit<PaginateOptions, 'qs' | 'partition' | 'progress' | 'gate' | 'credentials'>;
	credentials: ICredentialDataDecryptedObject;
	/** Given in by tests and figures to read the peak; a new one otherwise. */
	gate?: RequestGate;
}

/** Pages of the partition being handed on that are read ahead of the sink (as prefetch does for one stream). */
const HEAD_AHEAD = 2;

interface Lane {
	pages: ExtractionPage[];
	done: boolean;
	/** Wakes the consumer waiting on this lane. */
	notify?: () => void;
}

export async function* partitionedPages(
	this: WorkforceContext,
	options: ScheduleOptions,
): AsyncGenerator<ExtractionPage> {
	const { partitions } = options;
	const gate = options.gate ?? new RequestGate(options.parallel);
	const progress: Progress = { pages: 0, records: 0 };
	const lanes: Lane[] = partitions.map(() => ({ pages: [], done: false }));
	let head = 0;
	let buffered = 0;
	let failure: { error: unknown } | undefined;
	let stopped = false;
	const roomWaiters = new Set<() => void>();
	const wakeAll = () => {
		for (const wake of [...roomWaiters]) wake();
		for (const lane of lanes) lane.notify?.();
	};
	const pumps: Array<Promise<void>> = [];
	let next = 0;
	let active = 0;

	const pump = async (index: number) => {
		const lane = lanes[index];
		const pages = paginate.call(this, {
			...options.stream,
			qs: partitions[index].qs,
			partition: partitions[index].partition,
			progress,
			gate,
			priority: index,
			credentials: options.credentials,
		});
		try {
			for (;;) {
				// A later partition waits while the pages ahead of the sink are over budget; the partition
				// being handed on keeps HEAD_AHEAD pages ready (prefetch), never more.
				while (
					!stopped &&
					(index === head ? lane.pages.length >= HEAD_AHEAD : buffered >= options.budgetBytes)
				)
					await new Promise<void>((resolve) => {
						const wake = () => {
							roomWaiters.delete(wake);
							resolve();
						};
						roomWaiters.add(wake);
					});
				if (stopped) break;
				const step = await pages.next();
				if (step.done || stopped) break;
				lane.pages.push(step.value);
				buffered += step.value.bytes ?? 0;
				lane.notify?.();
			}
		} catch (error) {
			failure ??= { error };
			stopped = true;
			wakeAll();
		} finally {
			if (stopped) await pages.return(undefined).catch(() => undefined);
			lane.done = true;
			active--;
			lane.notify?.();
			startMore();
		}
	};
	// As many partitions read at once as requests may be in flight; finished ones make room.
	const startMore = () => {
		while (!stopped && next < partitions.length && active < options.parallel) {
			active++;
			pumps.push(pump(next++));
		}
	};

	let pageNumber = 0;
	let records = 0;
	try {
		startMore();
		while (head < partitions.length) {
			const lane = lanes[head];
			while (!failure && lane.pages.length === 0 && !lane.done)
				await new Promise<void>((resolve) => (lane.notify = resolve));
			lane.notify = undefined;
			if (failure) throw failure.error;
			const page = lane.pages.shift();
			if (page === undefined) {
				head++;
				// The new head may have waited for room: it waits only for the sink now.
				for (const wake of [...roomWaiters]) wake();
				continue;
			}
			buffered -= page.bytes ?? 0;
			for (const wake of [...roomWaiters]) wake();
			// Numbered as one stream would number them.
			page.pageNumber = ++pageNumber;
			page.recordsSoFar = records += page.recordsOnPage;
			page.hasMore ||= head < partitions.length - 1;
			yield page;
		}
	} finally {
		// Leaving early (a Limit, or a failure): the other partitions stop asking.
		stopped = true;
		wakeAll();
		await Promise.all(pumps);
	}
}
