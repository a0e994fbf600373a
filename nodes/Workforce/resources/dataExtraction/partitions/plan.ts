import type { IDataObject } from 'n8n-workflow';

import type { PagePartition } from '../pageStream';

/**
 * Splits the window (From/ToDateTime, or ModifiedSince/Before in incremental mode) into partitions
 * at UTC boundaries. Each reads [start, end), so a record on a boundary is read once: ToDateTime
 * is inclusive, so a full load's partition asks up to end - 1 ms; the last keeps the user's end.
 */

export type PartitionBy = 'none' | 'day' | 'week' | 'month' | 'parts';

export interface PartitionRequest {
	by: PartitionBy;
	parts?: number;
}

export interface PlannedPartition {
	partition: PagePartition;
	qs: IDataObject;
	/** First and last instant the partition covers (ms, both included). */
	startMs: number;
	lastMs: number;
}

export class PartitionPlanError extends Error {
	constructor(
		message: string,
		readonly description: string,
	) {
		super(message);
	}
}

/** More partitions than this is a mistake (Day over years): each one costs at least one request. */
export const MAX_PARTITIONS = 1000;

export const DAY_MS = 86_400_000;

/** A window edge as sent: UTC, whole seconds without `.000`. */
export const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** `now` bounds an incremental window without Modified Before (its last partition stays open). */
export function planPartitions(
	qs: IDataObject,
	request: PartitionRequest,
	now: number,
): PlannedPartition[] | undefined {
	if (request.by === 'none') return undefined;
	const incremental = qs.ModifiedSince !== undefined;
	const [startKey, endKey] = incremental
		? ['ModifiedSince', 'ModifiedBefore']
		: ['FromDateTime', 'ToDateTime'];
	const startText = qs[startKey] as string | undefined;
	const endText = qs[endKey] as string | undefined;
	if (startText === undefined || (!incremental && endText === undefined)) {
		throw new PartitionPlanError(
			'Partition By needs a date window',
			'Set From Date Time and To Date Time (a full load of a period), or Options > Modified Since (incremental), or set Partition By to None.',
		);
	}
	const start = Date.parse(startText);
	// Exclusive end of the whole window: ToDateTime is inclusive, ModifiedBefore is not.
	const end = incremental
		? endText !== undefined
			? Date.parse(endText)
			: Math.max(now, start + 1)
		: Date.parse(endText!) + 1;
	const cuts = boundaries(start, end, request);
	if (cuts.length - 1 > MAX_PARTITIONS) {
		throw new PartitionPlanError(
			`Partition By makes ${cuts.length - 1} partitions, more than ${MAX_PARTITIONS}`,
			'Choose a longer partition (Week or Month) or fewer Equal Parts, or shorten the window.',
		);
	}
	const count = cuts.length - 1;
	return cuts.slice(0, -1).map((from, index) => {
		const last = index === count - 1;
		const to = cuts[index + 1];
		const window: IDataObject = incremental
			? {
					ModifiedSince: iso(from),
					...(last
						? endText !== undefined
							? { ModifiedBefore: endText }
							: {}
						: { ModifiedBefore: iso(to) }),
				}
			: { FromDateTime: iso(from), ToDateTime: last ? endText : iso(to - 1) };
		const rest = { ...qs };
		delete rest[startKey];
		delete rest[endKey];
		return {
			partition: {
				index,
				count,
				from: window[startKey] as string,
				to: window[endKey] as string | undefined,
			},
			qs: { ...rest, ...window },
			startMs: from,
			lastMs: to - 1,
		};
	});
}

/** Cut points from start to end (exclusive); never an empty slice. */
function boundaries(start: number, end: number, request: PartitionRequest): number[] {
	const cuts = [start];
	if (request.by === 'parts') {
		const parts = Math.max(1, Math.floor(request.parts ?? 1));
		const span = end - start;
		for (let i = 1; i < parts; i++) {
			const cut = start + Math.floor((span * i) / parts);
			if (cut > cuts[cuts.length - 1]) cuts.push(cut);
		}
	} else {
		for (let cut = nextBoundary(start, request.by); cut < end; cut = nextBoundary(cut, request.by))
			cuts.push(cut);
	}
	cuts.push(end);
	return cuts;
}

function nextBoundary(ms: number, by: PartitionBy): number {
	const day = Math.floor(ms / DAY_MS) * DAY_MS;
	if (by === 'day') return day + DAY_MS;
	if (by === 'week') {
		// 1970-01-01 was a Thursday.
		const weekday = (Math.floor(day / DAY_MS) + 3) % 7;
		return day + (7 - weekday) * DAY_MS;
	}
	const date = new Date(ms);
	return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** "partition 3 of 12 (2026-03-01T00:00:00Z to 2026-04-01T00:00:00Z)". */
export function partitionLabel(partition: PagePartition): string {
	const window =
		partition.from || partition.to ? ` (${partition.from ?? '…'} to ${partition.to ?? '…'})` : '';
	return `partition ${partition.index + 1} of ${partition.count}${window}`;
}
