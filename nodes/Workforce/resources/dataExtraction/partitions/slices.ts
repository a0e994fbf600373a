import type { IDataObject } from 'n8n-workflow';

import type { PagePartition } from '../pageStream';
import { DAY_MS, iso, type PlannedPartition } from './plan';

/**
 * Cuts partitions into the windows requested (slices) of whole UTC days, about `targetBytes` each
 * (budget / parallel, so the other streams' look-ahead fits the budget). The first slice is one
 * day (the probe; the others wait for it); later ones take as many days as the bytes per day of
 * finished slices with records allow, doubling while all were empty. Slices chain like partitions
 * ([start, end)); a partition's last slice keeps its own end, so every record is read once.
 */

export interface Slice {
	/** Position in output order. */
	index: number;
	partition: PagePartition;
	qs: IDataObject;
	startMs: number;
	/** Exclusive. */
	endMs: number;
	/** The last slice of the last partition: nothing follows it. */
	final: boolean;
}

export class SlicePlanner {
	private partition = 0;
	/** Start of the part of the current partition not yet cut into slices. */
	private cursor: number;
	private issued = 0;
	private finishedSlices = 0;
	/** Span and bytes of the finished slices that held records (empty ones must not thin the density). */
	private filledMs = 0;
	private filledBytes = 0;
	private widestFinishedMs = 0;

	constructor(
		private readonly partitions: PlannedPartition[],
		/** Bytes a slice should hold at most, as far as the run can tell. */
		private readonly targetBytes: number,
	) {
		this.cursor = partitions[0]?.startMs ?? 0;
	}

	get nextIndex(): number {
		return this.issued;
	}

	get exhausted(): boolean {
		return this.partition >= this.partitions.length;
	}

	/** The next slice in output order; undefined while the probe is out, or when none is left. */
	next(): Slice | undefined {
		if (this.exhausted) return undefined;
		const planned = this.partitions[this.partition];
		const end = planned.lastMs + 1;
		let cut = end;
		if (end - this.cursor > DAY_MS) {
			const width = this.width();
			if (width === undefined) return undefined;
			cut = Math.max(
				Math.floor((this.cursor + width) / DAY_MS) * DAY_MS,
				(Math.floor(this.cursor / DAY_MS) + 1) * DAY_MS,
			);
			// Less than half a slice left: this slice takes it.
			if (end - cut < width / 2) cut = end;
		}
		const last = cut >= end;
		const slice: Slice = {
			index: this.issued++,
			partition: planned.partition,
			qs: sliceQuery(planned, this.cursor, cut, last),
			startMs: this.cursor,
			endMs: last ? end : cut,
			final: last && this.partition === this.partitions.length - 1,
		};
		if (last) {
			this.partition++;
			this.cursor = this.partitions[this.partition]?.startMs ?? end;
		} else this.cursor = cut;
		return slice;
	}

	finished(slice: Slice, bytes: number, records: number): void {
		const span = slice.endMs - slice.startMs;
		this.finishedSlices++;
		if (records > 0) {
			this.filledMs += span;
			this.filledBytes += bytes;
		}
		this.widestFinishedMs = Math.max(this.widestFinishedMs, span);
	}

	private width(): number | undefined {
		if (this.finishedSlices === 0) return this.issued === 0 ? DAY_MS : undefined;
		if (this.filledMs === 0) return 2 * this.widestFinishedMs;
		const bytesPerMs = this.filledBytes / this.filledMs;
		return Math.max(DAY_MS, this.targetBytes / bytesPerMs);
	}
}

/** The partition's query with its window narrowed to [from, to); the last slice keeps the partition's own end. */
function sliceQuery(
	planned: PlannedPartition,
	from: number,
	to: number,
	last: boolean,
): IDataObject {
	const qs = { ...planned.qs };
	if (qs.ModifiedSince !== undefined) {
		if (from !== planned.startMs) qs.ModifiedSince = iso(from);
		if (!last) qs.ModifiedBefore = iso(to);
	} else {
		if (from !== planned.startMs) qs.FromDateTime = iso(from);
		if (!last) qs.ToDateTime = iso(to - 1);
	}
	return qs;
}
