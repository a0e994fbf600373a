import { sleep } from 'n8n-workflow';

import type { RequestSlot } from '../../../../shared/extraction/pageRequest';

/** Rounds of successes before the first try of one more request in flight than the last cut left. */
const FIRST_PROBE_ROUNDS = 8;

/**
 * Requests of one run in flight at once, learned from the service's push-back (its limits are not
 * published): a 429 at `level` in flight sets the limit to `level - 1`, a 503 halves it (as TCP),
 * once per round; a Retry-After holds new requests. After FIRST_PROBE_ROUNDS rounds of successes
 * one more is tried, up to `max`. A refused try doubles the rounds before the next and goes back to
 * the allowance, never below: the service counts a request until its answer has left it.
 */
export class RequestGate {
	limit: number;
	private inFlight = 0;
	/** Since the last cut or try (the limit is fixed meanwhile): a try after `limit * probeAfter`. */
	private successes = 0;
	/** The limit the last cut set: the most in flight the service is known to serve. */
	private allowance: number;
	private probeAfter = FIRST_PROBE_ROUNDS;
	/** Bumped at each cut; a slot taken before the cut does not cut again. */
	private cuts = 0;
	/** Lowest priority number (the partition the sink needs next) first. */
	private readonly waiting: Array<{ priority: number; go: () => void }> = [];
	private pause: Promise<void> | undefined;
	/** For tests and figures. */
	peak = 0;

	constructor(private readonly max: number) {
		this.limit = this.allowance = Math.max(1, Math.floor(max));
	}

	/** Lanes the slices are cut for: below Parallel Requests, one more than the allowance reads ahead when the head waits on the sink. */
	get allowed(): number {
		return Math.min(this.max, this.allowance + 1);
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
		const { cuts, inFlight: level } = this;
		return {
			release: () => {
				this.inFlight--;
				this.wake();
			},
			succeeded: () => this.succeeded(),
			pushedBack: (retryAfterMs, overloaded) => {
				if (cuts === this.cuts) this.cut(level, overloaded === true);
				if (retryAfterMs && retryAfterMs > 0)
					this.pause ??= sleep(retryAfterMs).then(() => (this.pause = undefined));
			},
		};
	}

	private cut(level: number, overloaded: boolean): void {
		const trying = this.limit > this.allowance;
		if (trying) this.probeAfter *= 2;
		this.cuts++;
		this.successes = 0;
		const served = overloaded ? Math.floor(this.limit / 2) : Math.min(this.limit - 1, level - 1);
		const floor = trying && !overloaded ? this.allowance : 1;
		this.limit = this.allowance = Math.max(floor, served);
	}

	private succeeded(): void {
		if (this.limit >= this.max || ++this.successes < this.limit * this.probeAfter) return;
		this.successes = 0;
		this.limit++;
		this.wake();
	}

	private wake(): void {
		while (this.inFlight < this.limit && this.waiting.length) {
			this.inFlight++;
			this.waiting.shift()!.go();
		}
	}
}
