import type { INodeExecutionData, NodeOperationError } from 'n8n-workflow';

import { TRIGGER_POLL_BUDGET_MB } from '../../../nodes/shared/itemBudget';
import type { PollHarness } from '../../harness/poll';
import { pollTrigger } from '../../support/armedTrigger';
import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';

const MIN = 60_000;
const FIELD = 'Options > Item Memory Budget (MB)';

/** What identifies one emitted version: the record and its modification (or its deletion). */
const versionOf = (json: INodeExecutionData['json']) =>
	`${String(json.id)}@${json.event === 'deleted' ? 'del' : String(Date.parse(String(json.modifiedDateTime)))}`;

/**
 * Issue 46: a poll of trigger version 2 emits the changes of at most Options > Item Memory Budget
 * (MB) of records (TRIGGER_POLL_BUDGET_MB unless raised), however high Max Changes per Poll is.
 * The bound is smaller than a page of 2,500 time registrations, so the poll stops inside a page,
 * before the first change past it; the next poll continues exactly there: every change once. A
 * budget that is not above 0 is refused before any request. Version 1.1 is unbounded as before.
 */
describe('Workforce Trigger version 2: a poll within its bytes bound, cut inside a page', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 6000 } }, { perTest: true });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const parameters = {
		event: 'timeRegistration',
		startFrom: 'date',
		startDate: '2000-01-01T00:00:00Z',
		options: { maxChangesPerPoll: 0, pageSize: 2500 },
	};
	// The records as the service sent them (the item adds only `event`).
	const size = (items: INodeExecutionData[]) =>
		items.reduce(
			(sum, { json: { event: _, ...record } }) => sum + JSON.stringify(record).length,
			0,
		);

	/** Polls a minute apart until one emits nothing: each poll's bytes, and how often each version came. */
	async function drain(trigger: PollHarness, emitted: Map<string, number>): Promise<number[]> {
		const polls: number[] = [];
		for (let poll = 0; poll < 40; poll++) {
			clock.advance(MIN);
			const tick = await trigger.tick();
			expect(tick.error).toBeUndefined();
			if (!tick.emitted) return polls;
			polls.push(size(tick.items));
			for (const item of tick.items)
				emitted.set(versionOf(item.json), (emitted.get(versionOf(item.json)) ?? 0) + 1);
		}
		throw new Error('still emitting after 40 polls');
	}

	/** Every version the unbounded version 1.1 emits in one poll from the same start. */
	async function whole(): Promise<string[]> {
		clock.advance(MIN);
		const tick = await pollTrigger(fx, parameters).tick();
		return tick.items.map((item) => versionOf(item.json));
	}

	it.each([
		['the default', undefined, TRIGGER_POLL_BUDGET_MB],
		['a raised budget', 3, 3],
	])(
		'%s: a backfill past the bound comes in polls of at most the bound, each cut inside a page, every change once',
		async (_, itemMemoryBudget, mb) => {
			const bound = mb * 1e6;
			const emitted = new Map<string, number>();
			const polls = await drain(
				pollTrigger(
					fx,
					{ ...parameters, options: { ...parameters.options, itemMemoryBudget } },
					{ typeVersion: 2 },
				),
				emitted,
			);
			const total = polls.reduce((a, b) => a + b, 0);
			expect(total).toBeGreaterThan(2 * bound);
			// Each record is counted at its page's mean size, so a poll may pass the bound by a little.
			expect(Math.max(...polls)).toBeLessThanOrEqual(bound * 1.02);
			// More per poll than the default allows when raised.
			if (mb > TRIGGER_POLL_BUDGET_MB)
				expect(Math.max(...polls)).toBeGreaterThan(TRIGGER_POLL_BUDGET_MB * 1e6 * 1.02);
			// Cut inside pages: the polls are as many as the bound needs, not one per page.
			expect(polls.length).toBeLessThanOrEqual(Math.ceil(total / bound) + 1);
			expect([...emitted.values()].every((n) => n === 1)).toBe(true);
			expect([...emitted.keys()].sort()).toEqual((await whole()).sort());
		},
	);

	// A month-end lock stamps thousands of registrations with one time: the cut falls inside that
	// instant, so the next poll reads it again from its start and must drop exactly what was emitted.
	it('a cut inside one instant (4,000 records changed at one time) resumes inside it: each once, none lost', async () => {
		const trigger = pollTrigger(fx, parameters, { typeVersion: 2 });
		await drain(trigger, new Map());
		const ids = Array.from({ length: 4000 }, (_, i) => data().timeRegistrationId(i + 1000));
		const at = data().changeTimeRegistrations(ids, { description: 'Month-end lock' });
		// A backfill meets such an instant beyond the overlap.
		clock.advance(30 * MIN);
		const emitted = new Map<string, number>();
		const polls = await drain(trigger, emitted);
		expect(polls.length).toBeGreaterThanOrEqual(3);
		expect([...emitted.values()].every((n) => n === 1)).toBe(true);
		expect([...emitted.keys()].sort()).toEqual(ids.map((id) => `${id}@${at}`).sort());
	});

	it.each([0, -1, 'lots', ''])(
		'a budget of %p is refused before any request, naming the field and the fix; version 1.1 ignores it as before',
		async (itemMemoryBudget) => {
			const options = { ...parameters.options, itemMemoryBudget };
			const tick = await pollTrigger(fx, { ...parameters, options }, { typeVersion: 2 }).tick();
			expect(tick.error?.constructor.name).toBe('NodeOperationError');
			expect(tick.error?.message).toBe(
				`${FIELD} must be a number above 0, not ${String(itemMemoryBudget)}`,
			);
			expect((tick.error as NodeOperationError | undefined)?.description).toMatch(
				/^Set Options > Item Memory Budget \(MB\) to the megabytes of records one poll may emit, e\.g\. 2 \(safe on a 640 MiB n8n\)/,
			);
			expect(fx.requests()).toHaveLength(0);
			clock.advance(MIN);
			const v1 = await pollTrigger(fx, { ...parameters, options }).tick();
			expect(v1.error).toBeUndefined();
			expect(v1.items).toHaveLength(6000);
		},
	);
});
