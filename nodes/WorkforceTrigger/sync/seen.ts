/**
 * The bounded memory that drops what an earlier poll already emitted inside the overlap.
 *
 * Each entry is `key -> [version, time]`: the version tells a new change from a repeat (the
 * modification time for records, the deletion time for tombstones, a content hash for payroll
 * export rows, a constant for image rows), the time says how long the entry is worth keeping
 * (a record's repeat can only come back while its time is inside the next query's window; an
 * image row's whenever its parent changes, so those are kept longer).
 */
export type SeenEntries = Record<string, [string, number]>;

export class SeenSet {
	private readonly entries: Map<string, [string, number]>;

	constructor(initial: SeenEntries | undefined) {
		this.entries = new Map(Object.entries(initial ?? {}));
	}

	get size(): number {
		return this.entries.size;
	}

	has(key: string): boolean {
		return this.entries.has(key);
	}

	/** Whether this version of the key was not emitted before. */
	isNew(key: string, version: string): boolean {
		return this.entries.get(key)?.[0] !== version;
	}

	remember(key: string, version: string, time: number) {
		const previous = this.entries.get(key);
		this.entries.set(key, [
			version,
			Math.max(time, previous && previous[0] === version ? previous[1] : -Infinity),
		]);
	}

	/**
	 * Forgets entries that the next window cannot return any more (time before `lowerBound`),
	 * then, above `cap`, the oldest ones: past the cap a repeat may be emitted again, but no
	 * change is ever skipped (a duplicate is recoverable downstream, a lost change is not).
	 * Entries from `keepFrom` on are never dropped for the cap: a poll stopped by Max Changes
	 * resumes there, and what it emitted at that instant must stay known, however many (a
	 * month-end lock stamps a whole month with one time), or each poll would emit it again.
	 */
	prune(
		lowerBound: number,
		cap: number,
		keepFrom = Infinity,
	): { expired: number; overCap: number } {
		let expired = 0;
		for (const [key, [, time]] of this.entries) {
			if (time < lowerBound) {
				this.entries.delete(key);
				expired++;
			}
		}
		let overCap = 0;
		if (this.entries.size > cap) {
			const droppable = [...this.entries]
				.filter((entry) => entry[1][1] < keepFrom)
				.sort((a, b) => a[1][1] - b[1][1]);
			overCap = Math.min(this.entries.size - cap, droppable.length);
			for (const [key] of droppable.slice(0, overCap)) this.entries.delete(key);
		}
		return { expired, overCap };
	}

	toJSON(): SeenEntries {
		return Object.fromEntries(this.entries);
	}
}
