/**
 * The ordered runner of Data Extraction's slices and Payroll Export's windows (lanes): at most
 * `parallel` read at once, their values (pages, a window's answer) handed on in index order. One
 * stop rule for every reason (a lane failed for good, the items budget): a stop at lane i hands on
 * every lane before it and nothing from it.
 */

/** Where a run stopped: the first lane not handed on, why, and its page (1: its first). */
export type Stop<L> = { lane: L; error: unknown; page: number };

/**
 * A resumable run (the leading stretch goes out, the rest is named) hands a lane on only once read
 * to its end and stops at the earliest lane stopped; any other run throws its first stop.
 */
export class StopRule<L extends { index: number }> {
	/** Lanes from this index on are neither started nor read; -1: the run throws. */
	at = Infinity;
	stop?: Stop<L>;

	constructor(readonly resumable: boolean) {}

	end(lane: L, error: unknown, page: number): void {
		const at = this.resumable ? lane.index : -1;
		if (at < this.at) [this.at, this.stop] = [at, { lane, error, page }];
	}
}

export interface Lanes<L extends { index: number }, T> {
	parallel: number;
	rule: StopRule<L>;
	/** The next lane, or undefined: none can start now (the run ends once no lane is left running). */
	next(): L | undefined;
	open(lane: L): AsyncGenerator<T>;
	/** Values of later lanes wait up to `aheadBytes` of `size` (default: no bound). */
	size?(value: T): number;
	aheadBytes?: number;
	/** Asked before values go out (resumable: a lane's all at once): an error stops the run there. */
	admit?(values: T[]): unknown;
}

const HEAD_READ_AHEAD = 2;

export async function* orderedRun<L extends { index: number }, T>(
	lanes: Lanes<L, T>,
): AsyncGenerator<{ lane: L; value: T }> {
	const { rule, size = () => 0, aheadBytes = Infinity } = lanes;
	const whole = rule.resumable;
	const running: Array<{ lane: L; values: T[]; done: boolean }> = [];
	const pumps: Array<Promise<void>> = [];
	let [head, buffered, closed] = [0, 0, false];
	const halted = (index: number) => closed || index >= rule.at;
	const mayRead = ({ lane, values }: (typeof running)[number]) =>
		// The head reads its end (resumable) or HEAD_READ_AHEAD values ahead; later lanes the bytes ahead.
		lane.index === head ? whole || values.length < HEAD_READ_AHEAD : buffered < aheadBytes;
	const headReady = () => {
		const lane = running.at(head);
		// No lane at the head: none was left to start, so every lane is done (the run ends).
		return !lane || lane.done || (!whole && lane.values.length > 0);
	};
	// Every change wakes every waiter; each checks its own condition again.
	const waiters: Array<() => void> = [];
	const changed = () => waiters.splice(0).forEach((wake) => wake());
	const until = async (ready: () => boolean) => {
		while (!ready()) await new Promise<void>((resolve) => waiters.push(resolve));
	};
	const pump = async (lane: (typeof running)[number]) => {
		const values = lanes.open(lane.lane);
		try {
			for (;;) {
				await until(() => halted(lane.lane.index) || mayRead(lane));
				const step = halted(lane.lane.index) ? undefined : await values.next();
				if (!step || step.done || halted(lane.lane.index)) break;
				lane.values.push(step.value);
				buffered += size(step.value);
				changed();
			}
		} catch (error) {
			// Resumable: none of the lane's values went out yet.
			rule.end(lane.lane, error, lane.values.length + 1);
		} finally {
			if (halted(lane.lane.index)) {
				await values.return(undefined).catch(() => undefined);
				for (const value of lane.values.splice(0)) buffered -= size(value);
			}
			lane.done = true;
			startMore();
			changed();
		}
	};
	const startMore = () => {
		while (running.filter((lane) => !lane.done).length < lanes.parallel) {
			const next = halted(running.length) ? undefined : lanes.next();
			if (!next) return;
			running.push({ lane: next, values: [], done: false });
			pumps.push(pump(running[running.length - 1]));
		}
	};
	try {
		startMore();
		for (;;) {
			await until(() => rule.at <= head || headReady());
			// A stop before what went out: this run cannot stop part-way.
			if (rule.at < head) throw rule.stop!.error;
			const lane = running.at(head);
			if (rule.at === head || !lane) return;
			if (lane.values.length === 0) {
				head++;
				changed();
				continue;
			}
			// Resumable: the whole lane (read to its end) is admitted and goes out at once, or stops the run.
			const going = lane.values.splice(0, whole ? Infinity : 1);
			const refused = lanes.admit?.(going);
			if (refused !== undefined) rule.end(lane.lane, refused, 1);
			else
				for (const value of going) {
					buffered -= size(value);
					changed();
					yield { lane: lane.lane, value };
				}
		}
	} finally {
		closed = true;
		changed();
		await Promise.all(pumps);
	}
}
