import { iso } from './time';

export interface SyncWindow {
	/** `ModifiedSince`: inclusive lower edge. */
	since: number;
	/** `ModifiedBefore`: exclusive upper edge (the poll's start), absent when it would not be later than `since`. */
	before?: number;
}

/**
 * The proven incremental window: from the previous poll's start minus the overlap (stored as
 * `from`, so a change stamped before that start but visible only after it, or a clock running a
 * little apart, is still read), up to this poll's start, noted before the first request.
 */
export function planWindow(from: number, startedAt: number): SyncWindow {
	return startedAt > from ? { since: from, before: startedAt } : { since: from };
}

export function windowQuery(window: SyncWindow): Record<string, string> {
	return {
		ModifiedSince: iso(window.since),
		...(window.before !== undefined ? { ModifiedBefore: iso(window.before) } : {}),
	};
}
