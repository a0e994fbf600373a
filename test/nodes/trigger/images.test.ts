import { pollTrigger } from '../../support/armedTrigger';
import { DEMO, useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { single } from '../../support/query';

const MIN = 60_000;

describe('Workforce Trigger > Images', () => {
	const clock = useFakeDate();
	const fx = useEmulator();
	const images = () => fx.emulator.ctx.sections.images;
	const project = () => fx.emulator.ctx.sections.projects.list(DEMO.companies.parent)[0];
	const imageRequests = () =>
		fx
			.apiRequests()
			.filter((r) => r.path === '/v1/images')
			.map((r) => ({ ...r, query: single(r.query) }));

	it('emits each new image row once, by (id, collectionRef, idRef), and not again when its parent changes', async () => {
		const trigger = pollTrigger(fx, { event: 'image', options: { pageSize: 1 } });
		await trigger.tick();
		clock.advance(MIN);
		const feed = images().addParent({ source: 'feed', projectId: project().id });
		const alert = images().addParent({ source: 'alert', projectId: project().id });
		const photo = images().addImage([feed.id, alert.id]);
		const second = images().addImage(feed.id);
		clock.advance(MIN);
		fx.mark();
		const tick = await trigger.tick();
		expect(tick.error).toBeUndefined();
		const rows = tick.items.map((i) => [i.json.event, i.json.id, i.json.source, i.json.idRef]);
		expect(rows).toHaveLength(3);
		expect(rows).toEqual(
			expect.arrayContaining([
				['added', photo.id, 'feed', feed.id],
				['added', second.id, 'feed', feed.id],
				['added', photo.id, 'alert', alert.id],
			]),
		);
		const requests = imageRequests();
		expect(requests.length).toBeGreaterThan(1);
		for (const r of requests)
			expect(r.query).toMatchObject({
				ModifiedSince: requests[0].query.ModifiedSince,
				ModifiedBefore: requests[0].query.ModifiedBefore,
				ChunkLimit: '1',
			});

		// The parent is edited: its rows come back in incremental mode, but they are not new.
		clock.advance(MIN);
		images().modifyParent(feed.id, { originDescription: 'Project feed (edited)' });
		clock.advance(MIN);
		const after = await trigger.tick();
		expect(
			after.items.map((i) => [i.json.id, i.json.idRef, i.json.parentModifiedDateTime]),
		).toEqual([]);
		// A photo added to the edited parent is.
		const third = images().addImage(feed.id);
		clock.advance(MIN);
		const last = await trigger.tick();
		expect(last.items.map((i) => [i.json.id, i.json.idRef])).toEqual([[third.id, feed.id]]);
	});

	it('sends the image filters of the specification', async () => {
		const trigger = pollTrigger(fx, {
			event: 'image',
			startFrom: 'date',
			startDate: new Date(Date.now() - 2 * MIN).toISOString(),
			imageFilters: {
				sources: ['feed', 'checklist'],
				projectId: project().id,
				companyId: DEMO.companies.parent,
				requireGeoCoordinate: true,
				ownCompanyDataOnly: true,
				excludeDataFromSubsidiaries: true,
			},
		});
		const tick = await trigger.activate();
		expect(tick.error).toBeUndefined();
		const [request] = imageRequests();
		expect(request.query).toMatchObject({
			Sources: ['feed', 'checklist'],
			ProjectId: project().id,
			CompanyId: DEMO.companies.parent,
			RequireGeoCoordinate: 'true',
			OwnCompanyDataOnly: 'true',
			ExcludeDataFromSubsidiaries: 'true',
			ChunkLimit: '2500',
		});
		expect(request.status).toBe(200);
	});
});
