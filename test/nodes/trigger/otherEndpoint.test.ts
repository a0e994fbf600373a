import type { IDataObject } from 'n8n-workflow';

import { EMULATED_ENDPOINTS } from '../../emulator/extraction/otherEndpoints/endpoints';
import { pollTrigger } from '../../support/armedTrigger';
import { DEMO, useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { single } from '../../support/query';

const MIN = 60_000;

describe('Workforce Trigger > Records Changed (Other Endpoint)', () => {
	const clock = useFakeDate();
	const fx = useEmulator({
		workData: { timeRegistrations: 100 },
		seed: { otherEndpoints: { registrations: 30 } },
	});
	const section = () => fx.emulator.ctx.sections.otherEndpoints;
	const requestsTo = (path: string) =>
		fx
			.apiRequests()
			.filter((r) => r.path === path)
			.map((r) => ({ ...r, query: single(r.query) }));
	/** A live record of the demo company to change and one to delete. */
	const twoOf = (path: string) =>
		section()
			.table(path)
			.live()
			.filter((r) => r.fields.companyId === DEMO.companies.parent)
			.slice(0, 2);

	it.each(EMULATED_ENDPOINTS.map((e) => [e.path, e.kind]))(
		'%s (%s): creations, changes and deletions between polls, each once, deletions in the shape of the kind',
		async (path, kind) => {
			clock.advance(5 * MIN);
			const endpoint = path.slice(1);
			const trigger = pollTrigger(fx, { event: 'otherEndpoint', endpoint });
			const activatedAt = Date.now();
			expect(await trigger.tick()).toMatchObject({ emitted: false, items: [] });
			expect(fx.apiRequests()).toHaveLength(0);
			expect(trigger.state.workforceSync).toMatchObject({
				stream: `other:${endpoint}`,
				from: new Date(activatedAt).toISOString(),
			});

			clock.advance(15 * MIN);
			const [toChange, toDelete] = twoOf(path);
			const lastVersion = section().view(path, toDelete.id)!;
			const created = section().add(path);
			clock.advance(1000);
			const changed = section().change(path, toChange.id, {
				description: 'Changed between polls',
				name: 'Changed between polls',
			});
			clock.advance(1000);
			const deleted = section().delete(path, toDelete.id);
			clock.advance(MIN);

			fx.mark();
			const second = await trigger.tick();
			expect(second.error).toBeUndefined();
			const byEvent = (event: string) =>
				second.items.filter((i) => i.json.event === event).map((i) => i.json);
			expect(second.items).toHaveLength(3);
			expect(byEvent('created')).toEqual([{ event: 'created', ...created }]);
			expect(byEvent('changed')).toEqual([{ event: 'changed', ...changed }]);
			const [deletion] = byEvent('deleted');
			if (kind === 'registration') {
				// A tombstone's other fields are empty: only what identifies the deletion is emitted.
				expect(deletion).toEqual({
					event: 'deleted',
					id: toDelete.id,
					deletedDateTime: deleted.deletedDateTime,
					modifiedDateTime: deleted.deletedDateTime,
				});
			} else if (kind === 'master') {
				// The last version, as it was before the deletion (older than the poll's window), with the deletion time.
				expect(deletion).toEqual({
					event: 'deleted',
					...lastVersion,
					isDeleted: true,
					deletedDateTime: deleted.deletedDateTime,
				});
				expect(Date.parse(String(deletion.modifiedDateTime))).toBeLessThan(activatedAt);
			} else {
				expect(deletion).toEqual({
					event: 'deleted',
					...lastVersion,
					isDeleted: true,
					deletedDateTime: deleted.deletedDateTime,
					modifiedDateTime: deleted.deletedDateTime,
				});
			}
			const [request] = requestsTo(path);
			expect(requestsTo(path)).toHaveLength(1);
			expect(request.query).toMatchObject({
				ModifiedSince: new Date(activatedAt).toISOString(),
				ChunkLimit: '2500',
			});
			expect(request.query.FromDateTime).toBeUndefined();

			// The next poll reads the overlap again (the three changes included) and emits nothing twice.
			clock.advance(MIN);
			fx.mark();
			const third = await trigger.tick();
			expect(third.error).toBeUndefined();
			expect(third).toMatchObject({ emitted: false, items: [] });
			expect(requestsTo(path)).toHaveLength(1);
			expect(Date.parse(String(requestsTo(path)[0].query.ModifiedSince))).toBeLessThan(
				Date.parse(String(deleted.deletedDateTime)),
			);
		},
	);

	for (const cursorMode of ['durable', 'staticData'] as const) {
		it(`a master record changed long ago and deleted now is emitted once, although its modifiedDateTime lies before every window (${cursorMode} cursor)`, async () => {
			clock.advance(5 * MIN);
			const user = section()
				.table('v1/user')
				.live()
				.find(
					(u) => u.fields.companyId === DEMO.companies.parent && u.modified < Date.now() - 60 * MIN,
				)!;
			const trigger = pollTrigger(
				fx,
				{ event: 'otherEndpoint', endpoint: 'v1/user', recordEvents: ['deleted'] },
				{ cursorMode },
			);
			await trigger.tick();
			clock.advance(5 * MIN);
			const deletedAt = Date.parse(String(section().delete('v1/user', user.id).deletedDateTime));
			const emitted: IDataObject[] = [];
			let windowsWithTheDeletion = 0;
			// Polls a minute apart: each window reaches 10 minutes back, so several of them read the deletion again.
			for (let poll = 0; poll < 14; poll++) {
				clock.advance(MIN);
				fx.mark();
				const tick = await trigger.tick();
				expect(tick.error).toBeUndefined();
				emitted.push(...tick.items.map((i) => i.json));
				const [request] = requestsTo('/v1/user');
				expect(Date.parse(String(request.query.ModifiedSince))).toBeGreaterThan(user.modified);
				if (Date.parse(String(request.query.ModifiedSince)) <= deletedAt) windowsWithTheDeletion++;
			}
			expect(windowsWithTheDeletion).toBeGreaterThan(5);
			expect(emitted).toEqual([
				expect.objectContaining({
					event: 'deleted',
					id: user.id,
					isDeleted: true,
					employeeNumber: user.fields.employeeNumber,
				}),
			]);
			expect(Date.parse(String(emitted[0].modifiedDateTime))).toBe(user.modified);
		});
	}

	it('Emit chooses the kinds of change; a typed Other Path reads the same endpoint', async () => {
		clock.advance(5 * MIN);
		const trigger = pollTrigger(fx, {
			event: 'otherEndpoint',
			endpoint: 'otherPath',
			endpointPath: '/V1/Resource',
			recordEvents: ['created'],
		});
		await trigger.tick();
		clock.advance(MIN);
		const created = section().add('v1/resource', { name: 'Crane Liebherr' });
		section().change('v1/resource', twoOf('/v1/resource')[0].id, { name: 'Renamed' });
		clock.advance(MIN);
		fx.mark();
		const tick = await trigger.tick();
		expect(tick.items.map((i) => i.json)).toEqual([{ event: 'created', ...created }]);
		expect(requestsTo('/v1/resource')).toHaveLength(1);
		expect(trigger.state.workforceSync).toMatchObject({ stream: 'other:v1/resource' });
	});

	it.each([
		[
			{ endpoint: 'otherPath', endpointPath: 'v1/../api/v4/integration/users' },
			/^Endpoint Path must not contain "\." or "\.\." segments/,
		],
		[
			{ endpoint: 'otherPath', endpointPath: 'https://attacker.example/v1/user' },
			/^Endpoint Path must be a path below the data extraction base, not a URL/,
		],
		[{ endpoint: 'otherPath', endpointPath: '' }, /^Endpoint Path is empty/],
		[{ endpoint: 'v1/user', recordEvents: [] }, /^Emit has no kind of change chosen/],
	])('refuses %j when activated, before any request', async (parameters, message) => {
		const trigger = pollTrigger(fx, {
			event: 'otherEndpoint',
			startFrom: 'date',
			startDate: new Date(Date.now() - 60 * MIN).toISOString(),
			...parameters,
		});
		const tick = await trigger.activate();
		expect(tick.error?.message).toMatch(message);
		expect(fx.apiRequests()).toHaveLength(0);
	});
});
