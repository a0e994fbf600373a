import type { IDataObject } from 'n8n-workflow';

/**
 * Splits the window (From/ToDateTime, or ModifiedSince/Before in incremental mode) into partitions
 * at UTC boundaries. Each reads [start, end), so a record on a boundary is read once: ToDateTime
 * is inclusive, so a full load's partition asks up to end - 1 ms; the last keeps the user's end.
 */

export type PartitionBy = 'day' | 'week' | 'month' | 'parts';

export interface PartitionRequest {
	by: PartitionBy;
	parts?: number;
	/** The endpoint's own rules, checked on each partition's query (a maximum window, for one). */
	check?: (qs: IDataObject) => void;
}

export interface PagePartition {
	index: number;
	count: number;
	/** The partition's window as sent (an incremental run's last partition may have no end). */
	from: string;
	to?: string;
}

export interface PlannedPartition {
	partition: PagePartition;
	qs: IDataObject;
	startMs: number;
	/** Exclusive; the next partition starts here. */
	endMs: number;
}

/** More partitions than this is a mistake (Day over years): each one costs at least one request. */
const MAX_PARTITIONS = 1000;

export const DAY_MS = 86_400_000;

export const midnight = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The first boundary after `ms` (UTC). */
const NEXT_BOUNDARY = {
	day: (ms: number) => midnight(ms) + DAY_MS,
	// Monday 00:00; 1970-01-01 was a Thursday.
	week: (ms: number) => midnight(ms) + (7 - ((Math.floor(ms / DAY_MS) + 3) % 7)) * DAY_MS,
	month: (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth() + 1, 1),
};

/** A window edge as sent: UTC, whole seconds without `.000`. */
export const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** The query's window: its fields, and 1 where the end field is inclusive (sent as end - 1 ms). */
export const queryWindow = (qs: IDataObject) =>
	qs.ModifiedSince !== undefined
		? { start: 'ModifiedSince', end: 'ModifiedBefore', inclusive: 0 }
		: { start: 'FromDateTime', end: 'ToDateTime', inclusive: 1 };

/** `qs` asking [from, to); with `last`, the query's own end (none stays none). */
export function narrowWindow(qs: IDataObject, from: number, to: number, last: boolean) {
	const { start, end, inclusive } = queryWindow(qs);
	const { [end]: ownEnd, ...rest } = qs;
	delete rest[start];
	const until = last ? ownEnd : iso(to - inclusive);
	return { ...rest, [start]: iso(from), ...(until === undefined ? {} : { [end]: until }) };
}

/** A partition plan the user must fix: what is wrong, and how to fix it. */
const planError = (message: string, description: string) =>
	Object.assign(new Error(message), { description });

/** `now` bounds an incremental window without Modified Before (its last partition stays open). */
export function planPartitions(
	qs: IDataObject,
	request: PartitionRequest,
	now: number,
): PlannedPartition[] {
	const incremental = qs.ModifiedSince !== undefined;
	const { start: startKey, end: endKey, inclusive } = queryWindow(qs);
	const endText = qs[endKey] as string | undefined;
	if (qs[startKey] === undefined || (!incremental && endText === undefined)) {
		throw planError(
			'Partition By needs a date window',
			'Set From Date Time and To Date Time (a full load of a period), or Options > Modified Since (incremental), or set Partition By to None.',
		);
	}
	const start = Date.parse(qs[startKey] as string);
	const end = endText === undefined ? Math.max(now, start + 1) : Date.parse(endText) + inclusive;
	const cuts = boundaries(start, end, request.by, request.parts);
	const count = cuts.length - 1;
	if (count > MAX_PARTITIONS) {
		throw planError(
			`Partition By makes ${count} partitions, more than ${MAX_PARTITIONS}`,
			'Choose a longer partition (Week or Month) or fewer Equal Parts, or shorten the window.',
		);
	}
	return cuts.slice(0, -1).map((startMs, index) => {
		const endMs = cuts[index + 1];
		const narrowed = narrowWindow(qs, startMs, endMs, index === count - 1);
		const [from, to] = [narrowed[startKey], narrowed[endKey]];
		const partition = { index, count, from, to } as PagePartition;
		// Each partition is one window at the service, so the endpoint's rules hold for each.
		try {
			request.check?.(narrowed);
		} catch (error) {
			const { message, description } = error as { message: string; description?: string };
			throw planError(
				`${partitionLabel(partition)}: ${message}`,
				`Each partition is one window at the service. Choose a shorter Partition By (Day or Week) or more Equal Parts. ${description ?? ''}`.trim(),
			);
		}
		return { partition, qs: narrowed, startMs, endMs };
	});
}

/** Cut points from start to end (exclusive); never an empty slice. */
function boundaries(start: number, end: number, by: PartitionBy, parts = 1): number[] {
	const cuts = [start];
	if (by === 'parts') {
		const count = Math.max(1, Math.floor(parts));
		for (let i = 1; i < count; i++) cuts.push(start + Math.floor(((end - start) * i) / count));
		return [...cuts.filter((cut, i) => i === 0 || cut > cuts[i - 1]), end];
	}
	for (let cut = NEXT_BOUNDARY[by](start); cut < end; cut = NEXT_BOUNDARY[by](cut)) cuts.push(cut);
	return [...cuts, end];
}

/** "partition 3 of 12 (2026-03-01T00:00:00Z to 2026-04-01T00:00:00Z)". */
export function partitionLabel({ index, count, from, to }: PagePartition): string {
	return `partition ${index + 1} of ${count} (${from} to ${to ?? '…'})`;
}
