import type { INodeExecutionData } from 'n8n-workflow';

import { PollHarness, type CursorMode } from '../../harness/poll';
import { pollTrigger } from '../../support/armedTrigger';
import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { addRandomFault, rng } from '../../support/soak';

const PATH = '/v1/time-registrations';
const MIN = 60_000;

/** What identifies one emitted version: the record and its modification (or its deletion). */
const versionOf = (json: INodeExecutionData['json']) =>
	`${String(json.id)}@${json.event === 'deleted' ? 'del' : String(Date.parse(String(json.modifiedDateTime)))}`;

describe('Workforce Trigger > Max Changes per Poll: a backfill in small executions, nothing lost, nothing repeated', () => {
	const clock = useFakeDate();
	// A fresh service per case: the backfills count every record, which other cases change.
	const fx = useEmulator({ workData: { timeRegistrations: 2000 } }, { perTest: true });
	const data = () => fx.emulator.ctx.sections.workData.data;

	/** Polls a minute apart until one emits nothing; every execution's size. */
	async function drain(
		trigger: PollHarness,
		emitted: Map<string, number>,
		limit = 200,
	): Promise<number[]> {
		const sizes: number[] = [];
		for (let poll = 0; poll < limit; poll++) {
			clock.advance(MIN);
			const tick = await trigger.tick();
			expect(tick.error).toBeUndefined();
			if (!tick.emitted) return sizes;
			sizes.push(tick.items.length);
			for (const item of tick.items)
				emitted.set(versionOf(item.json), (emitted.get(versionOf(item.json)) ?? 0) + 1);
		}
		throw new Error(`still emitting after ${limit} polls`);
	}

	for (const cursorMode of ['durable', 'staticData'] as CursorMode[]) {
		it(`a backfill of every record emits at most Max Changes per poll and each record exactly once (${cursorMode} cursor)`, async () => {
			const trigger = pollTrigger(
				fx,
				{
					event: 'timeRegistration',
					startFrom: 'date',
					startDate: '2000-01-01T00:00:00Z',
					options: { maxChangesPerPoll: 150, pageSize: 64 },
				},
				{ cursorMode },
			);
			const emitted = new Map<string, number>();
			const sizes = await drain(trigger, emitted);
			const expected = new Set<string>();
			// Every live record the service had before the last poll began (the seed also dates some records ahead of the clock).
			for (let i = 0; i < data().count; i++)
				if (!data().deleted[i] && data().modified[i] < Date.now() - MIN)
					expected.add(`${data().timeRegistrationId(i)}@${data().modified[i]}`);
			expect(Math.max(...sizes)).toBe(150);
			expect(sizes.slice(0, -1).every((n) => n === 150)).toBe(true);
			expect(sizes).toHaveLength(Math.ceil(expected.size / 150));
			expect([...emitted.values()].every((n) => n === 1)).toBe(true);
			expect(new Set(emitted.keys())).toEqual(expected);
			// Where it continues is kept in the trigger's state (the n8n cursor): after a restart it goes on from there.
			trigger.restart();
			expect(await drain(trigger, emitted)).toEqual([]);
		});
	}

	it('a cut inside one instant (400 records changed at the same time, larger than a page can split) resumes there: 150, 150, 100', async () => {
		const trigger = pollTrigger(fx, {
			event: 'timeRegistration',
			options: { maxChangesPerPoll: 150, pageSize: 64 },
		});
		await trigger.tick();
		clock.advance(MIN);
		const ids = Array.from({ length: 400 }, (_, i) => data().timeRegistrationId(i + 100));
		const at = data().changeTimeRegistrations(ids, { description: 'Bulk approval' });
		const emitted = new Map<string, number>();
		expect(await drain(trigger, emitted)).toEqual([150, 150, 100]);
		expect([...emitted.keys()].sort()).toEqual(ids.map((id) => `${id}@${at}`).sort());
	});

	// A month-end lock stamps every registration of the month with one time: tens of thousands at
	// one instant, more than the trigger remembers. What it emitted at the instant it resumes from
	// must outlive the Max Remembered cap, or the next poll emits them again, and again, forever.
	it('an instant larger than Max Remembered + Max Changes (900 at once, remember 200, 150 a poll): each once, then done', async () => {
		const trigger = pollTrigger(fx, {
			event: 'timeRegistration',
			options: { maxChangesPerPoll: 150, maxRemembered: 200, pageSize: 64 },
		});
		await trigger.tick();
		clock.advance(MIN);
		const ids = Array.from({ length: 900 }, (_, i) => data().timeRegistrationId(i + 100));
		const at = data().changeTimeRegistrations(ids, { description: 'Month-end lock' });
		// A backfill meets such an instant in the past, beyond the overlap (within it, Max Remembered is the documented bound).
		clock.advance(30 * MIN);
		const emitted = new Map<string, number>();
		expect(await drain(trigger, emitted, 20)).toEqual([150, 150, 150, 150, 150, 150]);
		expect([...emitted.values()].every((n) => n === 1)).toBe(true);
		expect([...emitted.keys()].sort()).toEqual(ids.map((id) => `${id}@${at}`).sort());
		// Once past the instant the memory is back under its cap.
		expect(Object.keys((trigger.state as { seen?: object }).seen ?? {}).length).toBeLessThanOrEqual(
			200,
		);
	});

	it('0 means no bound: one poll emits the whole backlog', async () => {
		const trigger = pollTrigger(fx, {
			event: 'timeRegistration',
			options: { maxChangesPerPoll: 0, pageSize: 500 },
		});
		await trigger.tick();
		clock.advance(MIN);
		data().changeTimeRegistrations(
			Array.from({ length: 1200 }, (_, i) => data().timeRegistrationId(i)),
			{ description: 'All at once' },
		);
		expect(await drain(trigger, new Map())).toEqual([1200]);
	});

	it('soak: random creates, changes, deletes, same-instant bursts and faults at every poll, bound 7 a poll: every last version once, no version twice', async () => {
		const random = rng(1337);
		const trigger = pollTrigger(fx, {
			event: 'timeRegistration',
			options: {
				maxChangesPerPoll: 7,
				pageSize: 5,
				retries: 3,
				retryDelayMs: 1,
				timeout: 250,
			},
		});
		await trigger.tick();
		const latest = new Map<string, string>();
		const note = (index: number, deleted = false) =>
			latest.set(
				data().timeRegistrationId(index),
				deleted ? 'del' : String(data().modified[index]),
			);
		const live: number[] = Array.from({ length: 300 }, (_, i) => i + 1000);
		const emitted = new Map<string, number>();
		let failed = 0;
		for (let tick = 0; tick < 120; tick++) {
			clock.advance(20_000 + Math.floor(random() * 60_000));
			const roll = random();
			const n = roll < 0.1 ? 12 + Math.floor(random() * 10) : Math.floor(random() * 6);
			const burst = roll < 0.1 ? live.slice(0, n) : [];
			if (burst.length) {
				data().changeTimeRegistrations(
					burst.map((i) => data().timeRegistrationId(i)),
					{ hours: 1 + tick },
				);
				burst.forEach((i) => note(i));
			}
			for (let i = 0; i < n - burst.length; i++) {
				const what = random();
				if (what < 0.4) {
					const index = data().addTimeRegistration({ hours: 2, description: `soak ${tick}` });
					live.push(index);
					note(index);
				} else if (what < 0.85) {
					const index = live[Math.floor(random() * live.length)];
					data().changeTimeRegistration(data().timeRegistrationId(index), {
						hours: Math.round(random() * 16) / 2 + 0.5,
					});
					note(index);
				} else {
					const index = live.splice(Math.floor(random() * live.length), 1)[0];
					data().deleteTimeRegistration(data().timeRegistrationId(index));
					note(index, true);
				}
			}
			addRandomFault(random, fx.emulator.ctx.faults, PATH);
			const result = await trigger.tick();
			fx.emulator.ctx.faults.clear();
			if (result.error) failed++;
			expect(result.items.length).toBeLessThanOrEqual(7);
			for (const item of result.items)
				emitted.set(versionOf(item.json), (emitted.get(versionOf(item.json)) ?? 0) + 1);
			if (tick % 40 === 39) trigger.restart();
		}
		clock.advance(11 * MIN);
		await drain(trigger, emitted, 1000);
		expect(failed).toBeGreaterThan(0);
		const lost = [...latest].filter(([id, version]) => !emitted.has(`${id}@${version}`));
		const duplicated = [...emitted].filter(([, count]) => count > 1);
		expect({ lost, duplicated }).toEqual({ lost: [], duplicated: [] });
	});
});
