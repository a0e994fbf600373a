import type { StreamPage } from '../../../../shared/extraction/pageLoop';
import { DAY_MS, midnight, narrowWindow, type PlannedPartition } from './plan';

/**
 * Cuts partitions into the windows requested (slices) of whole UTC days, about `aheadBytes` / the
 * lanes the gate allows each, so their look-ahead fits the budget. The first slice is one day (the
 * probe; the others wait for it); later ones take as many days as the bytes per day of finished
 * slices with records allow (not the data's edge, the first after empty ones: its empty days made
 * slices twice their share), doubling while all were empty, up to a week (blind, a month read by
 * one stream cost Month 15%, BENCHMARKS.md). A partition's rest under half a slice joins the slice
 * before it. Slices chain like partitions ([start, end)), the last keeping its partition's end.
 */

/** The widest slice cut before any slice with records has finished. */
const UNKNOWN_DENSITY_MAX_MS = 7 * DAY_MS;

export interface Slice extends PlannedPartition {
	/** Position in output order. */
	index: number;
	/** The last slice of the last partition: nothing follows it. */
	final: boolean;
}

export class SlicePlanner {
	private partition = 0;
	/** Start of the part of the window not yet cut into slices (partitions chain, so it runs on). */
	private cursor: number;
	nextIndex = 0;
	/** Span and bytes of the finished slices that held records (empty ones must not thin the density). */
	private filledMs = 0;
	private filledBytes = 0;
	/** 0 while no slice has finished (none is empty). */
	private widestFinishedMs = 0;
	/** A slice with records finished (the first, after empty ones, is the data's edge). */
	private edgePassed = false;

	constructor(
		private readonly partitions: PlannedPartition[],
		/** Bytes all streams may read ahead of the sink; a slice holds its stream's share at most. */
		readonly aheadBytes: number,
		/** Asked at each cut: Parallel Requests, fewer once a 429 or 503 taught the gate. */
		private readonly streams: () => number = () => 1,
	) {
		this.cursor = partitions[0]?.startMs ?? 0;
	}

	get exhausted(): boolean {
		return this.partition >= this.partitions.length;
	}

	/** The next slice in output order; undefined while the probe is out, or when none is left. */
	next(): Slice | undefined {
		const planned = this.partitions[this.partition] as PlannedPartition | undefined;
		if (!planned) return undefined;
		const { endMs } = planned;
		let cut = endMs;
		if (endMs - this.cursor > DAY_MS) {
			const width = this.width();
			if (width === undefined) return undefined;
			cut = Math.max(midnight(this.cursor + width), midnight(this.cursor) + DAY_MS);
			// Less than half a slice left (or none): this slice takes it.
			if (endMs - cut < width / 2) cut = endMs;
		}
		const last = cut === endMs;
		if (last) this.partition++;
		const slice: Slice = {
			index: this.nextIndex++,
			partition: planned.partition,
			qs: narrowWindow(planned.qs, this.cursor, cut, last),
			startMs: this.cursor,
			endMs: cut,
			final: last && this.exhausted,
		};
		this.cursor = cut;
		return slice;
	}

	/** A slice's pages as they come; read to its end, what it held tells the data's density. */
	async *read(slice: Slice, pages: AsyncIterable<StreamPage>): AsyncGenerator<StreamPage> {
		let [bytes, records] = [0, 0];
		for await (const page of pages) {
			[bytes, records] = [bytes + page.bytes, records + page.decoded.count];
			yield page;
		}
		this.finished(slice, bytes, records);
	}

	finished(slice: Slice, bytes: number, records: number): void {
		const span = slice.endMs - slice.startMs;
		if (records > 0 && (this.edgePassed || this.widestFinishedMs === 0))
			[this.filledMs, this.filledBytes] = [this.filledMs + span, this.filledBytes + bytes];
		this.widestFinishedMs = Math.max(this.widestFinishedMs, span);
		this.edgePassed ||= records > 0;
	}

	private width(): number | undefined {
		if (this.widestFinishedMs === 0) return this.nextIndex === 0 ? DAY_MS : undefined;
		if (this.filledMs === 0) return Math.min(2 * this.widestFinishedMs, UNKNOWN_DENSITY_MAX_MS);
		return Math.max(DAY_MS, this.aheadBytes / this.streams() / (this.filledBytes / this.filledMs));
	}
}
