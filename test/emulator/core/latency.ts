/**
 * How far away the service is: the emulator answers on loopback in a few milliseconds, the live
 * service across the internet (behaviour notes, "Load"). The model adds, per request of the
 * integration and extraction APIs:
 * - `ttfbMs`: a time to first byte (the round trip, and the service's fixed cost of a request);
 * - `perRecordMs`: server time per record on the page (the database query grows with the page);
 * - `bytesPerSecond`: the body is streamed at this rate per connection (0: as fast as loopback);
 * - `maxConcurrent`: requests served at once; one more is answered 429 with `Retry-After:
 *   retryAfterSeconds`, and 503 when `overloadAt` requests (served and being refused) are in
 *   flight, as a shared SaaS protects itself (0: no limit).
 * Token requests (identity) pay `ttfbMs` too but are neither limited nor counted.
 *
 * Off (every figure 0) unless set: the `latency` option of `startEmulator`/`new Emulator`,
 * `WORKFORCE_EMULATOR_LATENCY` of the emulator's process (a preset name, `key=value` pairs, or a
 * preset followed by pairs: `internet`, `internet,maxConcurrent=4`, `ttfbMs=20,bytesPerSecond=1e6`),
 * or `POST /__control/latency` with the same fields (or `{ preset }`) at run time. Whatever the
 * setting, the emulator counts the requests in flight and the most seen at once
 * (`emulator.ctx.latency.counters()`, `GET /__control/concurrency`).
 */
export interface LatencySettings {
	ttfbMs: number;
	perRecordMs: number;
	bytesPerSecond: number;
	maxConcurrent: number;
	/** In flight (served plus being refused) from which the answer is 503 instead of 429; 2 x maxConcurrent when 0. */
	overloadAt: number;
	retryAfterSeconds: number;
}

export const LATENCY_OFF: LatencySettings = {
	ttfbMs: 0,
	perRecordMs: 0,
	bytesPerSecond: 0,
	maxConcurrent: 0,
	overloadAt: 0,
	retryAfterSeconds: 1,
};

/**
 * `internet`: a page of 2,500 time registrations (about 3.5 MB of JSON) costs about 0.8 s:
 * 60 ms to the first byte (a round trip within a continent plus the service's own overhead),
 * 0.12 ms of database time per record (300 ms a page) and 8 MB/s per connection (64 Mbit/s,
 * one TCP stream across the internet). 8 requests at once, then 429 (Retry-After: 1 s); 503
 * from 16. The assumption and its sources are in BENCHMARKS.md ("Latency model").
 * `loopback`: nothing added, no limit (the emulator as it always was).
 */
export const LATENCY_PRESETS: Record<'internet' | 'loopback' | 'off', LatencySettings> = {
	internet: {
		ttfbMs: 60,
		perRecordMs: 0.12,
		bytesPerSecond: 8_000_000,
		maxConcurrent: 8,
		overloadAt: 16,
		retryAfterSeconds: 1,
	},
	loopback: LATENCY_OFF,
	off: LATENCY_OFF,
};

export type LatencyInput = Partial<LatencySettings> & { preset?: string };

const FIELDS = Object.keys(LATENCY_OFF) as Array<keyof LatencySettings>;

/** Settings from a preset and/or fields; a clear error naming the field for anything else. */
export function resolveLatency(
	input: LatencyInput | string | undefined,
	base: LatencySettings = LATENCY_OFF,
): LatencySettings {
	if (input === undefined) return { ...base };
	const fields = typeof input === 'string' ? parseLatencySetting(input) : input;
	let settings = { ...base };
	if (fields.preset !== undefined) {
		const preset = LATENCY_PRESETS[fields.preset as keyof typeof LATENCY_PRESETS];
		if (!preset)
			throw new Error(
				`Unknown latency preset "${fields.preset}": use ${Object.keys(LATENCY_PRESETS).join(', ')}.`,
			);
		settings = { ...preset };
	}
	for (const [key, value] of Object.entries(fields)) {
		if (key === 'preset') continue;
		if (!FIELDS.includes(key as keyof LatencySettings))
			throw new Error(`Unknown latency setting "${key}": use preset, ${FIELDS.join(', ')}.`);
		const number = Number(value);
		if (!Number.isFinite(number) || number < 0)
			throw new Error(
				`Latency setting ${key} must be a number of 0 or more, not ${String(value)}.`,
			);
		settings[key as keyof LatencySettings] = number;
	}
	return settings;
}

/** `internet`, `ttfbMs=20,bytesPerSecond=1e6`, or `internet,maxConcurrent=4` (WORKFORCE_EMULATOR_LATENCY). */
export function parseLatencySetting(text: string): LatencyInput {
	const fields: Record<string, string> = {};
	for (const part of text.split(/[,\s]+/).filter(Boolean)) {
		const eq = part.indexOf('=');
		if (eq < 0) {
			if (fields.preset !== undefined || Object.keys(fields).length > 0)
				throw new Error(
					`WORKFORCE_EMULATOR_LATENCY="${text}": a preset name comes first and once, then key=value pairs.`,
				);
			fields.preset = part.toLowerCase();
		} else fields[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
	}
	return fields as LatencyInput;
}

/** What one answer costs under the model, in ms (also sent as the `x-emulator-latency` header). */
export interface LatencyPlan {
	ttfbMs: number;
	serverMs: number;
	transferMs: number;
}

export interface ConcurrencyCounters {
	/** Requests being served now (admitted, not yet answered to the last byte). */
	inFlight: number;
	/** The most ever served at once since the last reset. */
	maxInFlight: number;
	/** Served requests since the last reset. */
	admitted: number;
	/** Refused with 429 / 503 for concurrency since the last reset. */
	rejected429: number;
	rejected503: number;
}

export type Admission = { admitted: true } | { admitted: false; status: 429 | 503 };

/** The model's settings and the concurrency counters of one emulator. */
export class Latency {
	settings: LatencySettings;
	private inFlight = 0;
	private refusing = 0;
	private maxInFlight = 0;
	private admittedCount = 0;
	private rejected429 = 0;
	private rejected503 = 0;

	constructor(input?: LatencyInput | string) {
		this.settings = resolveLatency(input);
	}

	/** Changes the settings: a preset replaces all, fields change only themselves. */
	set(input: LatencyInput | string) {
		this.settings = resolveLatency(input, this.settings);
	}

	get active(): boolean {
		const s = this.settings;
		return s.ttfbMs > 0 || s.perRecordMs > 0 || s.bytesPerSecond > 0;
	}

	/** A request arrives: served (call `finish` when answered) or refused (call `refused` when answered). */
	admit(): Admission {
		const { maxConcurrent } = this.settings;
		if (maxConcurrent > 0 && this.inFlight >= maxConcurrent) {
			const overloadAt = this.settings.overloadAt || 2 * maxConcurrent;
			const status = this.inFlight + this.refusing + 1 >= overloadAt ? 503 : 429;
			if (status === 503) this.rejected503++;
			else this.rejected429++;
			this.refusing++;
			return { admitted: false, status };
		}
		this.inFlight++;
		this.admittedCount++;
		if (this.inFlight > this.maxInFlight) this.maxInFlight = this.inFlight;
		return { admitted: true };
	}

	finish() {
		this.inFlight--;
	}

	refused() {
		this.refusing--;
	}

	counters(): ConcurrencyCounters {
		return {
			inFlight: this.inFlight,
			maxInFlight: this.maxInFlight,
			admitted: this.admittedCount,
			rejected429: this.rejected429,
			rejected503: this.rejected503,
		};
	}

	/** Starts the maximum and the totals again (requests in flight stay counted). */
	resetCounters() {
		this.maxInFlight = this.inFlight;
		this.admittedCount = 0;
		this.rejected429 = 0;
		this.rejected503 = 0;
	}

	/** The cost of an answer of `records` records and `bytes` body bytes. */
	plan(records: number, bytes: number): LatencyPlan {
		const s = this.settings;
		return {
			ttfbMs: s.ttfbMs,
			serverMs: round(records * s.perRecordMs),
			transferMs: s.bytesPerSecond > 0 ? round((bytes / s.bytesPerSecond) * 1000) : 0,
		};
	}
}

/** Records on a page: an extraction envelope's `data`, or a JSON array answer. */
export function recordsIn(body: unknown): number {
	if (Array.isArray(body)) return body.length;
	const data = (body as { data?: unknown } | undefined)?.data;
	return Array.isArray(data) ? data.length : 0;
}

function round(ms: number): number {
	return Math.round(ms * 1000) / 1000;
}
