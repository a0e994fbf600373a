import { sleep } from 'n8n-workflow';

import type { RequestSlot, RequestSlots } from '../../shared/extraction/pageRequest';

/**
 * How many page requests of one run may be in flight at once, adapted to the service (AIMD): a
 * 429 or 503 halves the limit (once per round: answers to requests sent before the cut do not
 * cut again) and, with a Retry-After, holds every new request until then; each round of
 * successful pages (as many as the limit) raises it by one, up to the configured maximum. So a
 * rate-limited run slows down instead of failing, and speeds up again once the service recovers.
 */
export class RequestGate implements RequestSlots {
	private limit: number;
	private inFlight = 0;
	private successes = 0;
	/** Bumped at each cut; a slot taken before the cut does not cut again. */
	private round = 0;
	/** Requests waiting for a slot, lowest priority number first (the partition the sink needs next). */
	private readonly waiting: Array<{ priority: number; go: () => void }> = [];
	private pause: Promise<void> | undefined;
	/** The most requests ever in flight at once (for tests and figures). */
	peak = 0;

	constructor(readonly max: number) {
		this.limit = Math.max(1, Math.floor(max));
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
		let released = false;
		return {
			release: () => {
				if (released) return;
				released = true;
				this.inFlight--;
				this.wake();
			},
			succeeded: () => {
				if (++this.successes < this.limit) return;
				this.successes = 0;
				if (this.limit < this.max) this.limit++;
				this.wake();
			},
			pushedBack: (retryAfterMs) => {
				if (round === this.round) {
					this.round++;
					this.successes = 0;
					this.limit = Math.max(1, Math.floor(this.limit / 2));
				}
				if (retryAfterMs && retryAfterMs > 0 && !this.pause) {
					this.pause = sleep(retryAfterMs).then(() => {
						this.pause = undefined;
					});
				}
			},
		};
	}

	/** Lets waiting requests go while there is room under the limit. */
	private wake(): void {
		while (this.inFlight < this.limit && this.waiting.length) {
			this.inFlight++;
			this.waiting.shift()!.go();
		}
	}
}
