/**
 * The emulator's notion of now, which tests control so that no answer depends on how fast the
 * machine is:
 * - `system`: real time plus an offset tests can move (the sandbox and the default);
 * - `frozen`: one instant that moves only when told (`advance`, `set`): two statements in a row
 *   read the same time however slow the machine;
 * - `stepped`: every reading is `stepMs` after the previous one and nothing else moves it:
 *   stamps are distinct and ordered, the same on every run.
 * Chosen with `WORKFORCE_EMULATOR_CLOCK` (e.g. `frozen`, `stepped:1000@2026-03-02T08:00:00Z`),
 * the emulator's `clock` option, or `POST /__control/clock` at run time.
 */
export type ClockMode = 'system' | 'frozen' | 'stepped';

export interface ClockSettings {
	mode?: ClockMode;
	/** Where a frozen or stepped clock stands (ISO text or epoch ms); now when omitted. */
	now?: string | number;
	/** How far a stepped clock moves per reading (default 1 ms). */
	stepMs?: number;
	/** Moves the clock ahead (every mode). */
	advanceMs?: number;
}

export interface ClockState {
	mode: ClockMode;
	now: string;
	stepMs: number;
}

export class Clock {
	private mode: ClockMode = 'system';
	/** system: added to real time. */
	private offsetMs = 0;
	/** frozen and stepped: the next reading. */
	private atMs = 0;
	private stepMs = 1;

	constructor(settings: ClockSettings | string = {}) {
		this.set(typeof settings === 'string' ? parseClockSetting(settings) : settings);
	}

	now(): Date {
		if (this.mode === 'system') return new Date(Date.now() + this.offsetMs);
		const at = this.atMs;
		if (this.mode === 'stepped') this.atMs += this.stepMs;
		return new Date(at);
	}

	nowIso(): string {
		return this.now().toISOString();
	}

	advance(ms: number) {
		if (!Number.isFinite(ms))
			throw new Error(`The clock advances by a number of milliseconds, not ${String(ms)}.`);
		if (this.mode === 'system') this.offsetMs += ms;
		else this.atMs += ms;
	}

	/** Changes mode, position and step; what is omitted stays (a new mode starts where the clock stands). */
	set(settings: ClockSettings) {
		const { mode = this.mode, now, stepMs, advanceMs } = settings;
		if (!['system', 'frozen', 'stepped'].includes(mode))
			throw new Error(`Unknown clock mode "${String(mode)}": use system, frozen or stepped.`);
		if (stepMs !== undefined) {
			if (!Number.isFinite(stepMs) || stepMs < 0)
				throw new Error(
					`stepMs must be a number of milliseconds of 0 or more, not ${String(stepMs)}.`,
				);
			this.stepMs = stepMs;
		}
		const at = now === undefined ? this.peekMs() : toMs(now);
		this.mode = mode;
		if (mode === 'system') this.offsetMs = now === undefined ? this.offsetMs : at - Date.now();
		else this.atMs = at;
		if (advanceMs !== undefined) this.advance(Number(advanceMs));
	}

	/** Mode and position, without moving a stepped clock. */
	state(): ClockState {
		return { mode: this.mode, now: new Date(this.peekMs()).toISOString(), stepMs: this.stepMs };
	}

	private peekMs(): number {
		return this.mode === 'system' ? Date.now() + this.offsetMs : this.atMs;
	}
}

/** `system`, `frozen`, `stepped`, `stepped:<ms>`, each optionally `@<ISO time or epoch ms>`. */
export function parseClockSetting(text: string): ClockSettings {
	const match = /^\s*(system|frozen|stepped)(?::(\d+(?:\.\d+)?))?(?:@(.+))?\s*$/i.exec(text);
	if (!text.trim()) return {};
	if (!match) {
		throw new Error(
			`WORKFORCE_EMULATOR_CLOCK="${text}" is not a clock: use system, frozen, stepped or stepped:<ms>, optionally followed by @<ISO time>.`,
		);
	}
	const [, mode, step, at] = match;
	return {
		mode: mode.toLowerCase() as ClockMode,
		...(step !== undefined ? { stepMs: Number(step) } : {}),
		...(at !== undefined ? { now: /^\d+$/.test(at) ? Number(at) : at } : {}),
	};
}

function toMs(value: string | number): number {
	const ms = typeof value === 'number' ? value : Date.parse(value);
	if (!Number.isFinite(ms))
		throw new Error(
			`The clock cannot be set to "${String(value)}": give an ISO time or epoch milliseconds.`,
		);
	return ms;
}
