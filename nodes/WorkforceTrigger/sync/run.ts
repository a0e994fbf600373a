import type { IDataObject } from 'n8n-workflow';

import type { Change, StreamKind } from './changes';
import { SeenSet } from './seen';
import type { SyncState } from './state';
import { parseServiceTime } from './time';
import type { SyncWindow } from './window';

export interface Page {
	records: IDataObject[];
	hasMore: boolean;
	/** As received. */
	bytes?: number;
}

export interface CollectOptions {
	window: SyncWindow;
	seen: SeenSet;
	kind: StreamKind;
	/** The pages of the window, fetched lazily (the shared continuation-token paginator). */
	pages: AsyncIterable<Page>;
	/** Fallback position for a record without a modification time. */
	startedAt: number;
	/** True once the poll should stop fetching and hand over what it has (n8n's poll budget). */
	outOfTime: () => boolean;
	/**
	 * Emit at most this many changes (Max Changes per Poll; the manual sample). The poll stops
	 * before the next new change and counts as partial; an ordered stream then resumes at that
	 * change (see `resumeAt`).
	 */
	maxChanges?: number;
	/**
	 * Version 2 (issue 46): the bytes of the changes one poll emits, at most, each counted at its
	 * page's mean bytes per record (a bound smaller than a page cuts inside it). Repeats dropped do
	 * not count: a poll resuming inside a large instant reads them again first. The poll stops
	 * before the first new change that would pass it, as Max Changes stops; it emits at least one
	 * change, so every poll makes progress.
	 */
	maxBytes?: number;
}

export interface Collected {
	changes: Change[];
	/** Every page was read. */
	complete: boolean;
	/** For an ordered stream cut short by time: the last modification time read in full. */
	readUpTo?: number;
	/**
	 * For an ordered stream stopped by Max Changes: the earliest position (modification time)
	 * of the records not handled yet. The next poll reads from there: what it reads again at
	 * that very time was emitted and is remembered, so it is dropped as a repeat.
	 */
	resumeAt?: number;
	pages: number;
	records: number;
	/** Records dropped as already emitted (overlap repeats). */
	repeats: number;
}

/**
 * Reads every page of the window and keeps each change once: a record whose key and version
 * the memory holds (emitted by an earlier poll inside the overlap, or a tombstone repeated
 * across pages) is dropped. The memory is a working copy: nothing is kept unless the caller
 * commits the result.
 */
export async function collectChanges(options: CollectOptions): Promise<Collected> {
	const { seen, kind } = options;
	const changes: Change[] = [];
	let pages = 0;
	let records = 0;
	let repeats = 0;
	let readUpTo: number | undefined;
	let bytes = 0;
	for await (const page of options.pages) {
		pages++;
		const perRecord = page.records.length ? (page.bytes ?? 0) / page.records.length : 0;
		let pageUpTo: number | undefined;
		for (let i = 0; i < page.records.length; i++) {
			const record = page.records[i];
			records++;
			const change = kind.identify(record, options.startedAt);
			if (!change) continue;
			const fresh = seen.isNew(change.key, change.version);
			const most = options.maxChanges;
			const full =
				options.maxBytes !== undefined &&
				changes.length > 0 &&
				bytes + perRecord > options.maxBytes;
			if (fresh && (full || (most !== undefined && changes.length >= most))) {
				// Stop before this change: nothing from here on is remembered, so the next poll emits it.
				const resumeAt = kind.ordered
					? earliestPosition(kind, page.records, i, options.startedAt)
					: undefined;
				return { changes, complete: false, resumeAt, pages, records: records - 1, repeats };
			}
			if (pageUpTo === undefined || change.time > pageUpTo) pageUpTo = change.time;
			seen.remember(change.key, change.version, change.time);
			if (!fresh) {
				repeats++;
				continue;
			}
			changes.push(change);
			bytes += perRecord;
		}
		if (pageUpTo !== undefined && (readUpTo === undefined || pageUpTo > readUpTo))
			readUpTo = pageUpTo;
		if (page.hasMore && options.outOfTime()) {
			return {
				changes,
				complete: false,
				readUpTo: kind.ordered ? readUpTo : undefined,
				pages,
				records,
				repeats,
			};
		}
	}
	return { changes, complete: true, pages, records, repeats };
}

/**
 * Where the records of a page from `from` on sit in the stream: the earliest of their change
 * times and modification times (a tombstone's change time is its deletion, which the service
 * may order by its last modification), so a query from there returns every one of them.
 */
function earliestPosition(
	kind: StreamKind,
	records: IDataObject[],
	from: number,
	fallback: number,
): number | undefined {
	let earliest: number | undefined;
	for (let i = from; i < records.length; i++) {
		const change = kind.identify(records[i], fallback);
		if (!change) continue;
		const modified = parseServiceTime(records[i].modifiedDateTime);
		const at = modified === undefined ? change.time : Math.min(change.time, modified);
		if (earliest === undefined || at < earliest) earliest = at;
	}
	return earliest;
}

/**
 * The state after a run. A complete run moves the window to this poll's start minus the
 * overlap. An ordered stream cut short by the time budget moves it just past the last
 * modification time read in full, one stopped by Max Changes to the first change it did not
 * emit (either way, or to the start minus the overlap if that is earlier); an unordered one
 * keeps its window and relies on the memory for what it already emitted. The
 * window never moves backwards. The memory keeps only what the next window can return again
 * (image rows: for longer).
 */
export function nextState(args: {
	stream: string;
	origin: number;
	previousFrom: number;
	startedAt: number;
	overlapMs: number;
	collected: Collected;
	seen: SeenSet;
	cap: number;
	/** Keep keys this much longer than the window needs (image rows). */
	memoryMs?: number;
}): { state: SyncState; forgotten: { expired: number; overCap: number } } {
	const { collected } = args;
	let from = args.previousFrom;
	if (collected.complete) from = args.startedAt - args.overlapMs;
	// Cut short while catching up: continue just after the last time read in full (a page never
	// splits one timestamp, so all of its records were read); the overlap is only needed near the
	// poll's start, where a change may still become visible late.
	else if (collected.readUpTo !== undefined)
		from = Math.min(collected.readUpTo + 1, args.startedAt - args.overlapMs);
	// Stopped by Max Changes: continue at the first change not emitted; the memory (kept from
	// `from` on) drops the changes of that same time that were emitted.
	else if (collected.resumeAt !== undefined)
		from = Math.min(collected.resumeAt, args.startedAt - args.overlapMs);
	// Never backwards (n8n's clock stepped back, say): the memory was pruned to the old edge, so
	// reading before it again would emit repeats. Nor before where the stream started.
	from = Math.max(from, args.previousFrom, args.origin);
	// Resuming inside an instant: what was emitted from there on is needed in full, cap or not.
	const keepFrom = collected.resumeAt !== undefined ? from : Infinity;
	const forgotten = args.seen.prune(from - (args.memoryMs ?? 0), args.cap, keepFrom);
	return {
		state: {
			v: 1,
			stream: args.stream,
			from: new Date(from).toISOString(),
			origin: new Date(args.origin).toISOString(),
			seen: args.seen.toJSON(),
		},
		forgotten,
	};
}
