import type { IDataObject } from 'n8n-workflow';

import { PollHarness } from '../harness/poll';
import { armedTrigger, pagesOf } from '../support/armedTrigger';
import { calendarSweep, type CalendarCase, type CalendarContext } from './sweep';

/**
 * The trigger's windows, overlap and cursor at every instant: polled every 10 minutes for two
 * hours from "now" (so the runs an hour before a DST change poll across it), with changes made
 * between polls (some a millisecond before a poll starts), every change is emitted once and
 * nothing else; each poll reads [previous start - overlap, its own start) and keeps that edge
 * as its cursor. The emulator stamps the changes, the trigger reads them back.
 */

const PATH = '/v1/time-registrations';
const MIN = 60_000;
const OVERLAP = 10 * MIN;

/** Emitted events by `id@modifiedDateTime`: each change once. */
function countEvents(trigger: PollHarness) {
	const counts = new Map<string, number>();
	for (const items of trigger.executions)
		for (const { json } of items) {
			const key = `${String(json.id)}@${String(json.modifiedDateTime)}`;
			counts.set(key, (counts.get(key) ?? 0) + 1);
		}
	return counts;
}

async function pollAcrossTwoHours(c: CalendarContext) {
	const data = c.data();
	const trigger = new PollHarness({
		credentials: c.fx.credentials,
		parameters: { event: 'timeRegistration', options: { overlapMinutes: OVERLAP / MIN } },
	});
	const origin = Date.now();
	await trigger.tick();
	const changes = new Set<string>();
	const stamp = (index: number) =>
		`${data.timeRegistrationId(index)}@${String(data.timeRegistration(index).modifiedDateTime)}`;
	let previousStart = origin;
	for (let poll = 1; poll <= 12; poll++) {
		c.clock.advance(MIN);
		changes.add(stamp(data.addTimeRegistration({ hours: 1 + poll / 10 })));
		c.clock.advance(4 * MIN);
		changes.add(stamp(data.changeTimeRegistration(data.timeRegistrationId(poll), { hours: 2 })));
		c.clock.advance(5 * MIN - 1);
		// A change a millisecond before the poll starts: inside this poll's window, not the next's.
		changes.add(stamp(data.addTimeRegistration({ hours: 3 })));
		c.clock.advance(1);
		c.fx.mark();
		const start = Date.now();
		const tick = await trigger.tick();
		expect(tick.error).toBeUndefined();
		const first = pagesOf(c.fx, PATH)[0]?.query;
		expect(first).toMatchObject({
			ModifiedSince: new Date(Math.max(origin, previousStart - OVERLAP)).toISOString(),
			ModifiedBefore: new Date(start).toISOString(),
		});
		expect((trigger.state.workforceSync as IDataObject).from).toBe(
			new Date(Math.max(origin, start - OVERLAP)).toISOString(),
		);
		previousStart = start;
	}
	const counts = countEvents(trigger);
	expect([...counts.keys()].sort()).toEqual([...changes].sort());
	expect([...counts.values()].every((n) => n === 1)).toBe(true);
}

const cases: CalendarCase[] = [
	{
		name: 'time registrations polled every 10 minutes for two hours: every change once, windows and cursor chained with the overlap',
		emulator: { workData: { timeRegistrations: 300 } },
		check: pollAcrossTwoHours,
	},
	{
		name: 'an armed trigger emits the changes waiting once, and a poll right after emits nothing',
		emulator: { workData: { timeRegistrations: 300 } },
		async check(c) {
			const { trigger, ids } = await armedTrigger(c.fx, c.clock, {});
			const tick = await trigger.tick();
			expect(tick.error).toBeUndefined();
			expect(tick.items.map((i) => i.json.id).sort()).toEqual([...ids].sort());
			c.clock.advance(MIN);
			expect((await trigger.tick()).emitted).toBe(false);
		},
	},
];

calendarSweep(cases);
