import type { INodeExecutionData } from 'n8n-workflow';

import { pollTrigger } from '../../support/armedTrigger';
import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';

const MIN = 60_000;
const MB = 1e6;

/**
 * Issue 46: a poll of trigger version 2 emits the changes of at most the node's default items
 * budget (10 MB of pages as received), however high Max Changes per Poll is: it stops as Max
 * Changes stops, and the next poll continues, every change once. Version 1.1 is unbounded as before.
 */
describe('Workforce Trigger version 2: a poll within the items budget', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 24000 } }, { perTest: true });
	const parameters = {
		event: 'timeRegistration',
		startFrom: 'date',
		startDate: '2000-01-01T00:00:00Z',
		options: { maxChangesPerPoll: 0, pageSize: 2500 },
	};
	const size = (items: INodeExecutionData[]) =>
		items.reduce((sum, item) => sum + JSON.stringify(item.json).length, 0);

	it('a backfill over 10 MB comes in polls of at most 10 MB of records, every change once', async () => {
		const trigger = pollTrigger(fx, parameters, { typeVersion: 2 });
		const seen = new Map<string, number>();
		const polls: number[] = [];
		for (let poll = 0; poll < 20; poll++) {
			clock.advance(MIN);
			const tick = await trigger.tick();
			expect(tick.error).toBeUndefined();
			if (!tick.emitted) break;
			polls.push(size(tick.items));
			for (const item of tick.items) {
				const key = `${String(item.json.id)}@${String(item.json.modifiedDateTime)}`;
				seen.set(key, (seen.get(key) ?? 0) + 1);
			}
		}
		expect(polls.length).toBeGreaterThanOrEqual(2);
		expect(polls.reduce((a, b) => a + b, 0)).toBeGreaterThan(10 * MB);
		expect(polls.every((bytes) => bytes <= 10 * MB)).toBe(true);
		expect([...seen.values()].every((n) => n === 1)).toBe(true);

		const v11 = pollTrigger(fx, parameters);
		clock.advance(MIN);
		const whole = await v11.tick();
		expect(whole.items.length).toBe(seen.size);
	});
});
