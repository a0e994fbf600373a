import type { IDataObject } from 'n8n-workflow';

import { pointOnRoad } from '../../emulator/extraction/roadNetwork';
import { IMAGE_DEMO } from '../../emulator/seed/images';
import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';

const base = { resource: 'dataExtraction', operation: 'getImages' };
const { images: I, parents: P } = IMAGE_DEMO;

/** What the rows carry, as a user of the node sees them: location fallback and road references. */
describe('Data Extraction > Get Images: row contents', () => {
	const fx = useEmulator();
	const section = () => fx.emulator.ctx.sections.images;
	const all = async (parameters: IDataObject = {}) => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true, ...parameters },
		});
		expect(result.error).toBeUndefined();
		return jsonOf(result);
	};
	const rowOf = (rows: IDataObject[], id: string) => rows.find((r) => r.id === id)!;

	it('location falls back to the parent record when the image has no coordinates of its own', async () => {
		const rows = await all({ sources: ['checklist'] });
		const parent = section().parent(P.checklistFallback)!;
		expect(rowOf(rows, I.fallback)).toMatchObject({
			idRef: P.checklistFallback,
			latitude: parent.location!.latitude,
			longitude: parent.location!.longitude,
			accuracy: parent.location!.accuracy,
		});
	});

	it('an image with coordinates keeps its own; one with none anywhere has no location, and Require Geo Coordinate drops it', async () => {
		const rows = await all();
		const own = section().image(I.matched)!.location!;
		expect(rowOf(rows, I.matched)).toMatchObject({
			latitude: own.latitude,
			longitude: own.longitude,
			accuracy: own.accuracy,
		});
		expect(rowOf(rows, I.noGpsAnywhere)).toMatchObject({
			latitude: null,
			longitude: null,
			accuracy: null,
		});
		fx.mark();
		const geo = await all({ filters: { requireGeoCoordinate: true } });
		expect(fx.apiRequests()[0].query.RequireGeoCoordinate).toEqual(['true']);
		expect(geo.some((r) => r.id === I.noGpsAnywhere)).toBe(false);
		expect(geo.some((r) => r.id === I.fallback)).toBe(true);
	});

	it('roadReference is populated with every field when GPS, a road match, the provider and the pilot flag are all there', async () => {
		const rows = await all();
		expect(rowOf(rows, I.matched).roadReference).toEqual({
			provider: 'NVDB',
			countryCode: 'NO',
			referenceText: expect.stringMatching(/^EV39 S5D1 m\d+$/),
			roadCategory: 'E',
			roadNumber: '39',
			section: 'S5D1',
			meterFromStart: expect.any(Number),
			distanceFromCoordinateMeters: expect.any(Number),
		});
	});

	it.each([
		['the image has no GPS', I.fallback],
		['no road matches within tolerance', I.noRoadMatch],
		['the provider was unreachable', I.providerUnreachable],
		["the uploader's company lacks the pilot flag", I.noPilotFlag],
	])('roadReference is null when %s', async (_label, id) => {
		const rows = await all();
		const row = rowOf(rows, id);
		expect(row).toBeDefined();
		expect(row.roadReference).toBeNull();
	});

	it('roadReference is null until the enrichment has processed a new upload, and populated on a later read', async () => {
		section().enrichment.delayMs = 60_000;
		try {
			const parent = section().addParent({
				source: 'feed',
				projectId: section().parent(P.feedOnRoad)!.projectId,
			});
			const image = section().addImage(parent.id, {
				location: { ...pointOnRoad(1, 0.5), accuracy: 4 },
			});
			const since = section().parent(parent.id)!.modifiedDateTime;
			const first = await all({ sources: ['feed'], options: { modifiedSince: since } });
			expect(rowOf(first, image.id).roadReference).toBeNull();
			fx.emulator.ctx.clock.advance(60_000);
			const later = await all({ sources: ['feed'], options: { modifiedSince: since } });
			expect(rowOf(later, image.id).roadReference).toMatchObject({
				roadCategory: 'F',
				roadNumber: '7',
				section: 'S1D1',
			});
		} finally {
			section().enrichment.delayMs = 2000;
		}
	});

	it('one image under two parents comes as two items, told apart by collectionRef and idRef', async () => {
		const rows = await all({ sources: ['feed', 'alert'] });
		expect(
			rows
				.filter((r) => r.id === I.twoParents)
				.map((r) => `${String(r.collectionRef)} ${String(r.idRef)}`)
				.sort(),
		).toEqual([`FeedPosts ${P.feedOnRoad}`, `IncidentRegistrations ${P.alertShared}`].sort());
	});
});
