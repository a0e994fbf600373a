import { executeNode, jsonOf } from '../../harness/execute';
import { pollTrigger } from '../../support/armedTrigger';
import { runner, useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { faultsOn } from '../../support/pageFaults';

const PATH = '/v1/time-registrations';
const base = { resource: 'dataExtraction', operation: 'getTimeRegistrations', returnAll: true };

/** 429 and Retry-After: paginated reads wait and ask again (counted against the retries); routed operations say when to retry. */
describe('Rate limiting (HTTP 429)', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 900, pageSize: 300 } });
	const read = runner(fx, base);
	const fail = faultsOn(fx);
	const data = () => fx.emulator.ctx.sections.workData.data;

	it.each([
		['Retry-After in seconds', { retryAfterSeconds: 0 }],
		['Retry-After as an HTTP-date', { retryAfterSeconds: 0, retryAfterAs: 'date' as const }],
		['no Retry-After (backs off)', {}],
	])(
		'a 429 burst on page 2 with %s: the page is asked again, every record once',
		async (_name, retryAfter) => {
			fail({ skip: 1, count: 2, action: { kind: 'rateLimit', ...retryAfter } });
			const result = await read({ options: { retries: 3, retryDelay: 5 } });
			expect(result.error).toBeUndefined();
			const ids = jsonOf(result).map((r) => r.id);
			expect(ids).toHaveLength(data().count);
			expect(new Set(ids).size).toBe(data().count);
			const requests = fx.apiRequests().filter((r) => r.path === PATH);
			expect(requests).toHaveLength(3 + 2);
			// The retried page was asked with the same token as the refused one.
			expect(requests[1].query.ContinuationToken).toEqual(requests[2].query.ContinuationToken);
		},
	);

	it('a Retry-After longer than the request timeout is not waited out: the run fails at once, saying when to try again', async () => {
		fail({ skip: 1, action: { kind: 'rateLimit', retryAfterSeconds: 120 } });
		const result = await read({ options: { retries: 3, retryDelay: 5, timeout: 5000 } });
		expect(result.error?.message).toMatch(
			/^Get Time Registrations failed: page \d was rate limited \(HTTP 429\), asked to wait 120 s, longer than the request timeout \(/,
		);
		expect((result.error as { description?: string }).description).toMatch(
			/try again in 120 seconds \(after \d{4}-.*Z\).*Nothing was output/,
		);
		expect(result.items).toHaveLength(0);
		expect(fx.apiRequests().filter((r) => r.path === PATH)).toHaveLength(2);
	});

	it('429s count against the retries: more than Retries per Page fail the run with the 429 advice', async () => {
		fail({ count: 3, action: { kind: 'rateLimit' } });
		const result = await read({ options: { retries: 2, retryDelay: 5 } });
		expect(result.error?.message).toMatch(/page 1 was rate limited \(HTTP 429\) after 3 attempts/);
		expect((result.error as { description?: string }).description).toMatch(
			/did not say for how long\. Try again in a minute/,
		);
		expect(fx.apiRequests()).toHaveLength(3);
	});

	it('a routed operation answered 429 fails with a NodeApiError that says when to try again (Retry-After seconds and HTTP-date)', async () => {
		fx.emulator.ctx.faults.add({
			api: 'integration',
			path: '/projects',
			action: { kind: 'rateLimit', retryAfterSeconds: 30 },
		});
		const first = await executeNode({
			credentials: fx.credentials,
			parameters: { resource: 'project', operation: 'getAll', returnAll: false, limit: 5 },
		});
		expect(first.error?.message).toMatch(/HTTP 429/);
		expect((first.error as { description?: string }).description).toMatch(
			/try again in 30 seconds \(after \d{4}-\d\d-\d\dT.*Z\)/,
		);
		fx.emulator.ctx.faults.add({
			api: 'integration',
			path: '/projects',
			action: { kind: 'rateLimit', retryAfterSeconds: 90, retryAfterAs: 'date' },
		});
		const second = await executeNode({
			credentials: fx.credentials,
			parameters: { resource: 'project', operation: 'getAll', returnAll: false, limit: 5 },
		});
		expect((second.error as { description?: string }).description).toMatch(
			/try again in (8\d|9\d) seconds/,
		);
	});
});

describe('Rate limiting (HTTP 429): Workforce Trigger', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 300 } });
	const fail = faultsOn(fx);
	const data = () => fx.emulator.ctx.sections.workData.data;

	it('the trigger waits out a 429 burst and emits each change once', async () => {
		const trigger = pollTrigger(fx, { event: 'timeRegistration', options: { retryDelayMs: 5 } });
		await trigger.tick();
		clock.advance(60_000);
		const index = data().addTimeRegistration({ hours: 2 });
		clock.advance(60_000);
		fail({ count: 2, action: { kind: 'rateLimit', retryAfterSeconds: 0 } });
		fx.mark();
		const tick = await trigger.tick();
		expect(tick.error).toBeUndefined();
		expect(tick.items.map((i) => [i.json.event, i.json.id])).toEqual([
			['created', data().timeRegistrationId(index)],
		]);
		expect(fx.apiRequests()).toHaveLength(3);
	});
});
