import type { INodeParameters } from 'n8n-workflow';

import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { armedTrigger, pagesOf } from '../../support/armedTrigger';
import { faultsOn } from '../../support/pageFaults';

const MIN = 60_000;
const PATH = '/v1/time-registrations';

describe('Workforce Trigger > Faults', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 120 } });
	const pages = () => pagesOf(fx, PATH);
	const fail = faultsOn(fx);
	const armed = (count: number, options: INodeParameters = {}) =>
		armedTrigger(fx, clock, { pageSize: 5, retries: 3, retryDelayMs: 1, ...options }, { count });

	it('retries a page that answered 500, then goes on with the same token', async () => {
		const { trigger, ids } = await armed(12);
		fail({ skip: 1, count: 2, action: { kind: 'status', status: 500 } });
		const tick = await trigger.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.items.map((i) => i.json.id).sort()).toEqual([...ids].sort());
		const requests = pages();
		expect(requests.map((r) => r.status)).toEqual([200, 500, 500, 200, 200]);
		expect(requests[1].query.ContinuationToken).toBe(requests[3].query.ContinuationToken);
		expect(requests[1].query.ModifiedSince).toBe(requests[0].query.ModifiedSince);
	});

	it('retries a dropped connection and a page that timed out', async () => {
		// The timed-out page is held by the service until the trigger gives up on it, so it times
		// out however fast or slow the machine is; the timeout only has to be far longer than an
		// ordinary page (a few ms), which it is even on a machine under heavy load.
		const { trigger, ids } = await armed(12, { timeout: 3000 });
		fail({ skip: 1, action: { kind: 'drop' } }, { skip: 2, action: { kind: 'hold' } });
		const tick = await trigger.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.items.map((i) => i.json.id).sort()).toEqual([...ids].sort());
		expect(pages().map((r) => r.fault ?? 'ok')).toEqual(['ok', 'drop', 'ok', 'hold', 'ok']);
		expect(pages()[3].status).toBeUndefined(); // never answered: the trigger gave up on it
		expect(fx.emulator.ctx.faults.holding()).toBe(0);
	});

	it('refreshes an expired token once in the middle of the loop and continues', async () => {
		const { trigger, ids } = await armed(12);
		fail({ skip: 1, action: { kind: 'expireTokens' } });
		fx.mark();
		const tick = await trigger.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.items).toHaveLength(ids.length);
		// The first token of this credential, then exactly one refresh after the 401.
		const order = fx.requests().map((r) => (r.api === 'identity' ? 'token' : r.status));
		expect(order).toEqual(['token', 200, 401, 'token', 200, 200]);
	});

	it('a poll that still fails reports a clear error, moves nothing, and the next poll re-reads the same window', async () => {
		const { trigger, ids } = await armed(12);
		const before = JSON.stringify(trigger.state);
		fail({ skip: 1, count: 10, action: { kind: 'status', status: 503 } });
		const failed = await trigger.tick();
		expect(failed.emitted).toBe(false);
		expect(failed.error?.message).toMatch(
			/Poll time registrations failed: page 2 still failed after 4 attempts \(1 page and 5 records received before it stopped\)/,
		);
		expect((failed.error as { description?: string }).description).toMatch(
			/^Nothing was emitted and the trigger kept its position: the next poll reads the changes since .* again\./,
		);
		expect(trigger.errors).toHaveLength(1);
		expect(JSON.stringify(trigger.state)).toBe(before);
		const failedWindow = pages()[0].query.ModifiedSince;

		fx.emulator.ctx.faults.clear();
		clock.advance(MIN);
		fx.mark();
		const next = await trigger.tick();
		expect(next.error).toBeUndefined();
		expect(pages()[0].query.ModifiedSince).toBe(failedWindow);
		expect(next.items.map((i) => i.json.id).sort()).toEqual([...ids].sort());
	});

	it('a commit of cursor and execution that fails is repeated by the next poll (durable cursor)', async () => {
		const { trigger, ids } = await armed(3);
		trigger.failNextCommit = true;
		const lost = await trigger.tick();
		expect(lost.error?.message).toMatch(/transaction/);
		expect(trigger.executions).toHaveLength(0);
		clock.advance(MIN);
		const again = await trigger.tick();
		expect(again.items.map((i) => i.json.id).sort()).toEqual([...ids].sort());
		expect(trigger.executions).toHaveLength(1);
	});

	it('an idle poll costs one request and no token request', async () => {
		const { trigger } = await armed(0);
		await trigger.tick(); // the token is fetched once
		clock.advance(MIN);
		fx.mark();
		const idle = await trigger.tick();
		expect(idle).toMatchObject({ emitted: false, items: [] });
		expect(fx.requests()).toHaveLength(1);
		expect(pages()).toHaveLength(1);
	});
});
