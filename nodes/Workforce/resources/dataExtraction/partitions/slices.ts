import type { IDataObject } from 'n8n-workflow';

import type { PagePartition } from '../extractionPage';
import { DAY_MS, iso, type PlannedPartition } from './plan';

/**
 * Cuts the user's partitions into the windows actually requested (slices), sized from what the
 * run has learned about the data, so the pages read ahead of the sink stay within the budget.
 *
 * Order must be kept, so pages of every slice but the one being handed on wait in memory. With
 * `parallel` slices in flight that look-ahead is about (parallel - 1) slices: slices of about
 * `budget / parallel` bytes let every stream keep reading, while a month of a busy account (100 MB
 * and more) would fill the budget and leave one stream working. So a partition longer than a day
 * is read in slices of whole UTC days: the first slice of the run is one day (the probe; the other
 * streams wait for it), later ones as many days as the bytes per day seen so far in finished
 * slices fit into the target, doubling while every finished slice was empty (slices that held records set the bytes per day). A slice never crosses
 * its partition's end and never cuts a day, so a Day partition is never cut and one very busy day
 * is one slice (the budget still bounds it, by making the later streams wait).
 *
 * Slices are chained like partitions ([start, end), ToDateTime = end - 1 ms in a full load,
 * ModifiedBefore = end in incremental mode); a partition's last slice keeps the partition's own
 * end, so every record is read exactly once. Pages carry their partition, not their slice.
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
	/** Span and bytes of the finished slices that held records (a stretch before the data must not thin the density). */
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

	/** The index the next slice will have. */
	get nextIndex(): number {
		return this.issued;
	}

	/** Every slice has been handed out. */
	get exhausted(): boolean {
		return this.partition >= this.partitions.length;
	}

	/**
	 * The next slice in output order; undefined when there is none yet (the probe is still being
	 * read: nothing is known about the data) or none left (see `exhausted`).
	 */
	next(): Slice | undefined {
		if (this.exhausted) return undefined;
		const planned = this.partitions[this.partition];
		const end = planned.lastMs + 1;
		let cut = end;
		if (end - this.cursor > DAY_MS) {
			const width = this.width();
			if (width === undefined) return undefined;
			// Whole UTC days: the cut is a midnight, at least the next one after the cursor.
			cut = Math.max(
				Math.floor((this.cursor + width) / DAY_MS) * DAY_MS,
				(Math.floor(this.cursor / DAY_MS) + 1) * DAY_MS,
			);
			// What would be left is less than half a slice, or nothing: this slice takes it.
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

	/** A slice read to its end: what it held teaches the width of the next ones. */
	finished(slice: Slice, bytes: number, records: number): void {
		const span = slice.endMs - slice.startMs;
		this.finishedSlices++;
		if (records > 0) {
			this.filledMs += span;
			this.filledBytes += bytes;
		}
		this.widestFinishedMs = Math.max(this.widestFinishedMs, span);
	}

	/** The width of the next slice (ms), or undefined while the probe is out. */
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
