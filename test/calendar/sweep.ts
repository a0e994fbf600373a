import { setGlobalState } from 'n8n-workflow';

import { startEmulator, type StartOptions } from '../emulator';
import type { WorkData } from '../emulator/extraction/workData';
import { TestCredentialsHelper } from '../harness/credentialsHelper';
import { INSTANCE_TIMEZONE } from '../harness/execute';
import { emulatorFixture, type Fixture } from '../support/emulatorFixture';
import { stopDateAt } from '../support/fakeDate';
import { calendarRuns, runName, type CalendarRun } from './instants';

/** What a case gets: the run (instant and zones), the emulator started at that instant, a clock. */
export interface CalendarContext {
	run: CalendarRun;
	/** The run's instant in ms: Date.now() when the case starts. */
	nowMs: number;
	fx: Fixture;
	data(): WorkData;
	/** Moves node and emulator on together (the shape of useFakeDate's clock, for armedTrigger). */
	clock: { advance(ms: number): void };
}

/** One row of a case table: run once per instant and zone pair, against a fresh emulator. */
export interface CalendarCase {
	name: string;
	/** The emulator's options (volume, page size); its clock is always the process's stopped Date. */
	emulator?: Omit<StartOptions, 'clock'>;
	check(c: CalendarContext): Promise<void>;
}

declare global {
	// Set by zoneEnvironment.ts: jest gives a test a copy of process.env, so assigning TZ there would not reach Node.
	var __setProcessTimeZone: ((zone: string | undefined) => void) | undefined;
}

function setProcessTimeZone(zone: string | undefined) {
	if (!globalThis.__setProcessTimeZone)
		throw new Error(
			'The calendar sweep needs its own jest environment (test/calendar/zoneEnvironment.ts): run it with npm run test:calendar.',
		);
	globalThis.__setProcessTimeZone(zone);
}

/**
 * n8n's time zone for every workflow the harness runs (executeNode, PollHarness, armedTrigger):
 * the instance's, as n8n's CLI sets it from GENERIC_TIMEZONE, which `getTimezone()` gives a
 * workflow without a Timezone setting of its own.
 */
function setInstanceTimezone(zone: string) {
	setGlobalState({ defaultTimezone: zone });
}

/**
 * Runs every case of `cases` at every instant of the table (instants.ts) in one jest process:
 * Date stopped at the instant (timers real), the process's TZ and n8n's zone set, an emulator
 * started then (its demo data is laid out from its clock, which is this Date), a fresh
 * credential. A case moves time only with `clock.advance`.
 */
export function calendarSweep(cases: CalendarCase[]) {
	const runs = calendarRuns().map((run) => [runName(run), run] as const);
	describe.each(runs)('%s', (_name, run) => {
		it.each(cases.map((c) => [c.name, c] as const))('%s', async (_case, c) => {
			const originalZone = process.env.TZ;
			setProcessTimeZone(run.zones.process);
			setInstanceTimezone(run.zones.n8n);
			const nowMs = Date.parse(run.now);
			stopDateAt(nowMs);
			const fx = emulatorFixture();
			try {
				fx.emulator = await startEmulator({ ...c.emulator, clock: 'system' });
				fx.credentials = new TestCredentialsHelper();
				fx.useClient();
				fx.mark();
				await c.check({
					run,
					nowMs,
					fx,
					data: () => fx.emulator.ctx.sections.workData.data,
					clock: { advance: (ms) => jest.setSystemTime(Date.now() + ms) },
				});
			} finally {
				await fx.emulator?.close();
				jest.useRealTimers();
				setInstanceTimezone(INSTANCE_TIMEZONE);
				setProcessTimeZone(originalZone);
			}
		});
	});
}

/** A UTC calendar day (days since 1970-01-01) as `yyyy-MM-dd`. */
export const DAY_MS = 86_400_000;
export function utcDate(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

/** The calendar day `yyyy-MM-dd` of instant `ms` on the wall clocks of `zone`. */
export function dateIn(zone: string, ms: number): string {
	return new Intl.DateTimeFormat('en-CA', {
		timeZone: zone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(ms);
}
