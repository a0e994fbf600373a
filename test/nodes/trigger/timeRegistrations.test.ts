import { pollTrigger } from '../../support/armedTrigger';
import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { single } from '../../support/query';

const MIN = 60_000;

describe('Workforce Trigger > Time registrations', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 300 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const extraction = () =>
		fx
			.apiRequests()
			.filter((r) => r.path === '/v1/time-registrations')
			.map((r) => ({ ...r, query: single(r.query) }));

	for (const cursorMode of ['durable', 'staticData'] as const) {
		it(`emits creations, changes and deletions made between polls exactly once (${cursorMode} cursor)`, async () => {
			const trigger = pollTrigger(fx, { event: 'timeRegistration' }, { cursorMode });
			const activatedAt = Date.now();
			const first = await trigger.tick();
			expect(first).toMatchObject({ emitted: false, items: [] });
			expect(fx.apiRequests()).toHaveLength(0); // starting from now costs nothing
			expect(trigger.state.workforceSync).toMatchObject({
				stream: 'timeRegistration',
				from: new Date(activatedAt).toISOString(),
				origin: new Date(activatedAt).toISOString(),
				seen: {},
			});

			clock.advance(15 * MIN);
			const created = data().timeRegistrationId(
				data().addTimeRegistration({ hours: 8, description: 'Cable pulling' }),
			);
			const changed = data().timeRegistrationId(5);
			data().changeTimeRegistration(changed, { hours: 6.5 });
			const deleted = data().timeRegistrationId(7);
			data().deleteTimeRegistration(deleted);
			clock.advance(MIN);

			fx.mark();
			const pollStart = Date.now();
			const second = await trigger.tick();
			expect(second.error).toBeUndefined();
			const byId = Object.fromEntries(second.items.map((i) => [i.json.id, i.json]));
			expect(second.items).toHaveLength(3);
			expect(byId[created]).toMatchObject({
				event: 'created',
				id: created,
				qty: 8,
				description: 'Cable pulling',
			});
			expect(byId[changed]).toMatchObject({ event: 'changed', id: changed, qty: 6.5 });
			expect(byId[deleted]).toEqual({
				event: 'deleted',
				id: deleted,
				deletedDateTime: expect.any(String),
				modifiedDateTime: expect.any(String),
			});
			const [request] = extraction();
			expect(extraction()).toHaveLength(1);
			expect(request.query).toMatchObject({
				ModifiedSince: new Date(activatedAt).toISOString(),
				ChunkLimit: '2500',
			});
			expect(Date.parse(String(request.query.ModifiedBefore))).toBeGreaterThanOrEqual(pollStart);
			expect(request.status).toBe(200);
			expect(trigger.executions).toHaveLength(1);

			// The next poll re-reads the overlap (10 minutes back) and drops what it already emitted.
			clock.advance(MIN);
			fx.mark();
			const third = await trigger.tick();
			expect(third).toMatchObject({ emitted: false, items: [] });
			expect(extraction()).toHaveLength(1);
			// ...but never before the activation.
			expect(Date.parse(String(extraction()[0].query.ModifiedSince))).toBe(
				Date.parse(String(request.query.ModifiedBefore)) - 10 * MIN,
			);
			expect(Date.parse(String(extraction()[0].query.ModifiedSince))).toBeGreaterThan(activatedAt);
			expect(trigger.executions).toHaveLength(1);
		});
	}

	it('a backfill from a date emits every change since then on the first poll', async () => {
		const since = new Date(Date.now() - 30 * 24 * 60 * MIN).toISOString();
		const expected = countChangesSince(Date.parse(since));
		expect(expected).toBeGreaterThan(80);
		const trigger = pollTrigger(fx, {
			event: 'timeRegistration',
			startFrom: 'date',
			startDate: since,
			options: { pageSize: 40 },
		});
		const tick = await trigger.activate();
		expect(tick.error).toBeUndefined();
		expect(tick.items).toHaveLength(expected);
		expect(new Set(tick.items.map((i) => i.json.id)).size).toBe(expected);
		const requests = extraction();
		expect(requests.length).toBeGreaterThan(1);
		expect(requests[0].query).toMatchObject({ ModifiedSince: since, ChunkLimit: '40' });
		expect(requests[0].query.ContinuationToken).toBeUndefined();
		for (const r of requests.slice(1))
			expect(r.query).toMatchObject({
				ModifiedSince: since,
				ModifiedBefore: requests[0].query.ModifiedBefore,
				ContinuationToken: expect.any(String),
			});
	});

	function countChangesSince(since: number): number {
		const d = data();
		let n = 0;
		for (let i = 0; i < d.count; i++) if (d.modified[i] >= since && d.modified[i] < Date.now()) n++;
		return n;
	}
});

describe('Workforce Trigger > Time registrations > n8n poll time budget', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 300 } });
	const data = () => fx.emulator.ctx.sections.workData.data;

	it("a backlog larger than one poll's budget is handed over in parts, each change once", async () => {
		const since = Date.now() - 30 * 24 * 60 * MIN;
		const expected = new Set<string>();
		for (let i = 0; i < data().count; i++)
			if (data().modified[i] >= since) expected.add(data().timeRegistrationId(i));
		expect(expected.size).toBeGreaterThan(60);
		// A budget so small that every poll stops after its first page.
		const trigger = pollTrigger(
			fx,
			{
				event: 'timeRegistration',
				startFrom: 'date',
				startDate: new Date(since).toISOString(),
				options: { pageSize: 10 },
			},
			{
				// Spent before the first page ends, however fast the machine (1 ms could outlast a page on a fast one).
				budgetMs: 0,
			},
		);
		const seen: string[] = [];
		let polls = 0;
		let windows: string[] = [];
		while (seen.length < expected.size && polls < 100) {
			fx.mark();
			const tick = polls === 0 ? await trigger.activate() : await trigger.tick();
			expect(tick.error).toBeUndefined();
			polls++;
			seen.push(...tick.items.map((i) => String(i.json.id)));
			const requests = fx.apiRequests().map((r) => single(r.query));
			expect(requests).toHaveLength(1);
			windows.push(String(requests[0].ModifiedSince));
			clock.advance(1000);
		}
		expect(polls).toBeGreaterThan(5);
		expect(seen).toHaveLength(expected.size);
		expect(new Set(seen)).toEqual(expected);
		// Each part starts where the previous one stopped.
		windows = windows.slice(1);
		expect([...windows].sort()).toEqual(windows);
	});
});

describe('Workforce Trigger > Time registrations > start from now', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 50 } });
	const data = () => fx.emulator.ctx.sections.workData.data;

	it('static data: the activation poll keeps its start, so a change made before the first scheduled poll is emitted', async () => {
		const trigger = pollTrigger(fx, { event: 'timeRegistration' }, { cursorMode: 'staticData' });
		const activation = await trigger.activate();
		expect(activation).toMatchObject({ emitted: false });
		expect(trigger.state.workforceSync).toMatchObject({ from: expect.any(String) });
		clock.advance(30_000);
		const id = data().timeRegistrationId(data().addTimeRegistration());
		clock.advance(30_000);
		const tick = await trigger.tick();
		expect(tick.items.map((i) => [i.json.event, i.json.id])).toEqual([['created', id]]);
	});

	it('durable cursor: n8n stores nothing from an activation poll that emitted nothing, so the first scheduled poll is the start', async () => {
		const trigger = pollTrigger(fx, { event: 'timeRegistration' }, { cursorMode: 'durable' });
		await trigger.activate();
		expect(trigger.state.workforceSync).toBeUndefined();
		clock.advance(60_000);
		const first = await trigger.tick();
		expect(first.emitted).toBe(false);
		expect(fx.apiRequests()).toHaveLength(0);
		expect(trigger.state.workforceSync).toMatchObject({ origin: expect.any(String) });
		clock.advance(30_000);
		const id = data().timeRegistrationId(data().addTimeRegistration());
		clock.advance(30_000);
		const second = await trigger.tick();
		expect(second.items.map((i) => [i.json.event, i.json.id])).toEqual([['created', id]]);
	});
});
