import { PNG } from 'pngjs';

import { pointOnRoad } from './extraction/roadNetwork';
import { IMAGE_DEMO } from './seed/images';
import { ImagesClient, rowKey } from '../support/imagesClient';
import { DEMO, useEmulator } from '../support/emulatorFixture';

const { parents: P, images: I } = IMAGE_DEMO;

describe('Emulator: GET /v1/images with data changing between reads', () => {
	const fx = useEmulator();
	const api = new ImagesClient(() => fx.emulator);
	const section = () => fx.emulator.ctx.sections.images;
	const clock = () => fx.emulator.ctx.clock;
	const mainProject = () => section().parent(P.feedOnRoad)!.projectId;

	it('an added image appears in incremental mode from a watermark taken before it, with its parent modified now', async () => {
		clock().advance(60_000);
		const watermark = clock().nowIso();
		const parent = section().addParent({
			source: 'alert',
			projectId: mainProject(),
			location: { latitude: 60.39, longitude: 5.33, accuracy: 9 },
		});
		const image = section().addImage(parent.id, { location: null });
		const { rows, pages } = await api.all({ ModifiedSince: watermark });
		expect(pages[0].syncTypeName).toBe('incremental');
		expect(rows.map(rowKey)).toEqual([
			rowKey({ id: image.id, collectionRef: 'IncidentRegistrations', idRef: parent.id }),
		]);
		expect(Date.parse(rows[0].parentModifiedDateTime as string)).toBeGreaterThanOrEqual(
			Date.parse(watermark),
		);
		// A second image on the same parent: the parent is modified again, both rows come back.
		clock().advance(1000);
		const again = clock().nowIso();
		const second = section().addImage(parent.id, { picture: 'small' });
		const next = await api.all({ ModifiedSince: again });
		expect(next.rows.map((r) => r.id).sort()).toEqual([image.id, second.id].sort());
	});

	it('a modified parent comes back in incremental mode with its new parentModifiedDateTime', async () => {
		clock().advance(60_000);
		const watermark = clock().nowIso();
		section().modifyParent(P.checklistFallback, {
			originDescription: 'Safe Job Analysis (revised)',
		});
		const { rows } = await api.all({ ModifiedSince: watermark });
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({
			id: I.fallback,
			idRef: P.checklistFallback,
			originDescription: 'Safe Job Analysis (revised)',
		});
		expect(rows[0].parentModifiedDateTime).toBe(
			section().parent(P.checklistFallback)!.modifiedDateTime,
		);
	});

	it('a removed image simply stops appearing, and its file is gone', async () => {
		const parent = section().addParent({ source: 'feed', projectId: mainProject() });
		const keep = section().addImage(parent.id);
		const gone = section().addImage(parent.id);
		expect(fx.emulator.ctx.files.get(gone.id)).toBeDefined();
		section().removeImage(gone.id);
		const { rows, pages } = await api.all();
		const ids = new Set(rows.map((r) => r.id));
		expect(ids.has(keep.id)).toBe(true);
		expect(ids.has(gone.id)).toBe(false);
		expect(pages.every((p) => p.deletedRecordCount === 0)).toBe(true);
		expect(fx.emulator.ctx.files.get(gone.id)).toBeUndefined();
	});

	it('a page boundary inside parents sharing one modification time loses and repeats nothing', async () => {
		clock().advance(60_000);
		const stamp = clock().nowIso();
		const made = Array.from({ length: 7 }, () => {
			const parent = section().addParent({
				source: 'checklist',
				projectId: mainProject(),
				createdDateTime: stamp,
				modifiedDateTime: stamp,
			});
			return section().addImage(parent.id, { touchParents: false, createdDateTime: stamp });
		});
		const { rows, pages } = await api.all({ ModifiedSince: stamp, ChunkLimit: '3' });
		expect(pages.length).toBeGreaterThanOrEqual(3);
		expect(rows.map((r) => r.id).sort()).toEqual(made.map((m) => m.id).sort());
	});

	it('removing a row between pages shifts nothing else (keyset paging)', async () => {
		const first = await api.page({ ChunkLimit: '2', Sources: 'feed' });
		const seen = first.body.data.map(rowKey);
		const expectedRest = section()
			.allRows(DEMO.companies.parent, { sources: ['feed'] })
			.map(rowKey)
			.filter((k) => !seen.includes(k));
		const victimKey = expectedRest[expectedRest.length - 1];
		const victim = victimKey.split('|')[0];
		section().removeImage(victim);
		let token = first.body.continuationToken;
		const rest: string[] = [];
		while (token) {
			const { status, body } = await api.page({
				ChunkLimit: '2',
				Sources: 'feed',
				ContinuationToken: token,
			});
			expect(status).toBe(200);
			rest.push(...body.data.map(rowKey));
			token = body.continuationToken;
		}
		expect(rest.sort()).toEqual(expectedRest.filter((k) => !k.startsWith(`${victim}|`)).sort());
	});

	describe('road-reference enrichment timing', () => {
		afterEach(() => {
			section().enrichment.delayMs = 2000;
			section().enrichment.providerReachable = true;
		});

		it('is null until the background enrichment has run; a re-read after a short time returns the value', async () => {
			section().enrichment.delayMs = 60_000;
			const parent = section().addParent({ source: 'feed', projectId: mainProject() });
			const image = section().addImage(parent.id, {
				location: { ...pointOnRoad(0, 0.25), accuracy: 3 },
			});
			const read = async () =>
				(await api.all({ ProjectId: mainProject(), Sources: 'feed' })).rows.find(
					(r) => r.id === image.id,
				)!;
			expect((await read()).roadReference).toBeNull();
			expect(section().image(image.id)!.enrichment.status).toBe('pending');
			clock().advance(60_000);
			expect((await read()).roadReference).toMatchObject({
				provider: 'NVDB',
				roadNumber: '39',
				roadCategory: 'E',
			});
			expect(section().image(image.id)!.enrichment.status).toBe('matched');
		});

		it('stays null when the provider is unreachable while the enrichment runs', async () => {
			const parent = section().addParent({ source: 'feed', projectId: mainProject() });
			const image = section().addImage(parent.id, {
				location: { ...pointOnRoad(1, 0.5), accuracy: 3 },
			});
			section().enrichment.providerReachable = false;
			clock().advance(10_000);
			const read = async () =>
				(await api.all({ Sources: 'feed' })).rows.find((r) => r.id === image.id)!;
			expect((await read()).roadReference).toBeNull();
			section().enrichment.providerReachable = true;
			expect((await read()).roadReference).toBeNull();
			expect(section().image(image.id)!.enrichment.status).toBe('providerUnreachable');
		});
	});

	it('the image bytes are real PNG pictures in the shared file store, larger than every resized variant', async () => {
		const file = fx.emulator.ctx.files.get(I.matched)!;
		expect(file.contentType).toBe('image/png');
		const png = PNG.sync.read(file.bytes);
		expect([png.width, png.height]).toEqual([2400, 1600]);
		const portrait = PNG.sync.read(fx.emulator.ctx.files.get(I.noRoadMatch)!.bytes);
		expect([portrait.width, portrait.height]).toEqual([1600, 2400]);
		const { rows } = await api.all();
		const row = rows.find((r) => r.id === I.matched)!;
		expect(row.fileSize).toBe(file.bytes.length);
	});
});
