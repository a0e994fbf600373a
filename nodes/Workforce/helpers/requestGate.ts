import { sleep } from 'n8n-workflow';

import type { RequestSlot, RequestSlots } from '../../shared/extraction/pageRequest';

/** Rounds of successes at the learned allowance before one more request in flight is tried. */
const FIRST_PROBE_ROUNDS = 8;

/**
 * How many page requests of one run may be in flight at once, learned from the service's
 * push-back. The service's limits are not published (behaviour notes, "Load"), and a refused
 * request costs its Retry-After, so the gate finds the allowance and stays under it:
 * - A 429 refused a request sent with `level` in flight: the service served `level - 1`, so
 *   that is the limit now (at least one less than before). A 503 (overloaded) halves it, as TCP
 *   halves its window on loss. Once per round: answers to requests sent before a cut do not cut
 *   again. A Retry-After holds every new request until then.
 * - Below the learned allowance, each round of successes (as many as the limit) adds one, up
 *   to Parallel Requests. At the allowance, one more is tried only after FIRST_PROBE_ROUNDS
 *   rounds, twice as many after each refused try (a service whose allowance grew is found
 *   again; one whose allowance did not costs a refusal ever more rarely).
 */
export class RequestGate implements RequestSlots {
	private limit: number;
	private inFlight = 0;
	private successes = 0;
	/** The most in flight the service is known to serve; `max` until it pushes back. */
	private allowance: number;
	/** Rounds of successes at the allowance so far, and how many before trying one more. */
	private roundsAtAllowance = 0;
	private probeAfter = FIRST_PROBE_ROUNDS;
	/** Bumped at each cut; a slot taken before the cut does not cut again. */
	private round = 0;
	/** Requests waiting for a slot, lowest priority number first (the partition the sink needs next). */
	private readonly waiting: Array<{ priority: number; go: () => void }> = [];
	private pause: Promise<void> | undefined;
	/** The most requests ever in flight at once (for tests and figures). */
	peak = 0;

	constructor(readonly max: number) {
		this.limit = Math.max(1, Math.floor(max));
		this.allowance = this.limit;
	}

	/** The limit now (between 1 and max). */
	get current(): number {
		return this.limit;
	}

	/** Whether a request asking now would wait. */
	get full(): boolean {
		return this.pause !== undefined || this.inFlight >= this.limit || this.waiting.length > 0;
	}

	/** Waits for a free slot (and for any Retry-After pause) and takes it; lower `priority` goes first. */
	async acquire(priority = 0): Promise<RequestSlot> {
		while (this.pause) await this.pause;
		// A waiter is counted in flight by wake() when it is let go, so two wakes never let too many go.
		if (this.inFlight >= this.limit || this.waiting.length) {
			await new Promise<void>((go) => {
				const at = this.waiting.findIndex((w) => w.priority > priority);
				this.waiting.splice(at < 0 ? this.waiting.length : at, 0, { priority, go });
			});
		} else this.inFlight++;
		this.peak = Math.max(this.peak, this.inFlight);
		const round = this.round;
		const level = this.inFlight;
		let released = false;
		return {
			release: () => {
				if (released) return;
				released = true;
				this.inFlight--;
				this.wake();
			},
			succeeded: () => this.succeeded(),
			pushedBack: (retryAfterMs, overloaded) => {
				if (round === this.round) this.cut(level, overloaded === true);
				if (retryAfterMs && retryAfterMs > 0 && !this.pause) {
					this.pause = sleep(retryAfterMs).then(() => {
						this.pause = undefined;
					});
				}
			},
		};
	}

	private cut(level: number, overloaded: boolean): void {
		const tried = this.limit > this.allowance;
		this.round++;
		this.successes = 0;
		this.roundsAtAllowance = 0;
		this.limit = Math.max(
			1,
			overloaded ? Math.floor(this.limit / 2) : Math.min(this.limit - 1, level - 1),
		);
		this.allowance = this.limit;
		// A refused try above the allowance: the next try waits twice as long.
		if (tried) this.probeAfter *= 2;
	}

	private succeeded(): void {
		if (++this.successes < this.limit) return;
		this.successes = 0;
		if (this.limit >= this.max) return;
		if (this.limit < this.allowance) this.limit++;
		else if (++this.roundsAtAllowance >= this.probeAfter) {
			this.roundsAtAllowance = 0;
			this.limit++;
		} else return;
		this.wake();
	}

	/** Lets waiting requests go while there is room under the limit. */
	private wake(): void {
		while (this.inFlight < this.limit && this.waiting.length) {
			this.inFlight++;
			this.waiting.shift()!.go();
		}
	}
}
