/** The emulator's notion of now: real time plus an offset tests can move. */
export class Clock {
	private offsetMs = 0;

	now(): Date {
		return new Date(Date.now() + this.offsetMs);
	}

	nowIso(): string {
		return this.now().toISOString();
	}

	advance(ms: number) {
		this.offsetMs += ms;
	}
}
