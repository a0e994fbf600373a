import { sleep } from 'n8n-workflow';

import type { RequestSlot, RequestSlots } from '../../shared/extraction/pageRequest';

/** Rounds of successes at the learned allowance before one more request in flight is tried. */
const FIRST_PROBE_ROUNDS = 8;

/**
 * Requests of one run in flight at once, learned from the service's push-back (its limits are not
 * published). A 429 at `level` in flight sets the limit to `level - 1`; a 503 halves it (as TCP);
 * once per round; a Retry-After holds new requests. Each round of successes adds one up to the
 * learned allowance; above it one more is tried after FIRST_PROBE_ROUNDS, doubled per refused try.
 */
export class RequestGate implements RequestSlots {
	private limit: number;
	private inFlight = 0;
	private successes = 0;
	/** The most in flight the service is known to serve. */
	private allowance: number;
	private roundsAtAllowance = 0;
	private probeAfter = FIRST_PROBE_ROUNDS;
	/** Bumped at each cut; a slot taken before the cut does not cut again. */
	private round = 0;
	/** Lowest priority number (the partition the sink needs next) first. */
	private readonly waiting: Array<{ priority: number; go: () => void }> = [];
	private pause: Promise<void> | undefined;
	/** For tests and figures. */
	peak = 0;

	constructor(readonly max: number) {
		this.limit = Math.max(1, Math.floor(max));
		this.allowance = this.limit;
	}

	get current(): number {
		return this.limit;
	}

	get full(): boolean {
		return this.pause !== undefined || this.inFlight >= this.limit || this.waiting.length > 0;
	}

	async acquire(priority = 0): Promise<RequestSlot> {
		while (this.pause) await this.pause;
		// A waiter is counted in flight by wake() when let go.
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

	private wake(): void {
		while (this.inFlight < this.limit && this.waiting.length) {
			this.inFlight++;
			this.waiting.shift()!.go();
		}
	}
}
