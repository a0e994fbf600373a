import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INodeParameters } from 'n8n-workflow';
import { PNG } from 'pngjs';

import { IMAGE_DEMO } from '../../emulator/seed/images';
import { executeNode, jsonOf } from '../../harness/execute';
import { bytesOf } from '../../support/binaryItems';
import { DEMO, useEmulator } from '../../support/emulatorFixture';

const base = { resource: 'dataExtraction', operation: 'getImages' };
const { images: I, parents: P } = IMAGE_DEMO;

describe('Data Extraction > Get Images: image bytes as binary data', () => {
	const fx = useEmulator();
	const run = (parameters: INodeParameters) =>
		executeNode({ credentials: fx.credentials, parameters: { ...base, ...parameters } });
	const fileRequests = () => fx.apiRequests().filter((r) => r.path.startsWith('/api/file/'));
	// One checklist submission with one panorama picture (2400 x 120), changed after everything else:
	// a query for it returns exactly one row, and every size is a real resize that stays cheap under Jest.
	let since = '';
	let photoId = '';
	beforeAll(() => {
		const images = fx.emulator.ctx.sections.images;
		fx.emulator.ctx.clock.advance(60_000);
		since = fx.emulator.ctx.clock.nowIso();
		const parent = images.addParent({
			source: 'checklist',
			projectId: images.parent(P.feedOnRoad)!.projectId,
			location: { latitude: 60.39, longitude: 5.32, accuracy: 10 },
		});
		photoId = images.addImage(parent.id, {
			picture: 'panorama',
			fileNameOriginal: 'Sjekkliste stillas øst.png',
		}).id;
	});
	const oneChecklist = (downloadImage: string, extra: INodeParameters = {}) =>
		run({
			returnAll: true,
			sources: ['checklist'],
			options: { modifiedSince: since },
			downloadImage,
			...extra,
		});

	it.each([
		['thumbnail', '128', [128, 6]],
		['medium', '640', [640, 32]],
		['large', '1980', [1980, 99]],
	])(
		'%s: fetches /api/file/{id}?MaxDimension=%s from the integration base; the PNG fits the bound',
		async (size, max, [width, height]) => {
			const result = await oneChecklist(size, { binaryPropertyName: 'photo' });
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(1);
			const item = result.items[0];
			expect(item.json.id).toBe(photoId);
			const png = PNG.sync.read(await bytesOf(item.binary!.photo));
			expect([png.width, png.height]).toEqual([width, height]);
			expect(item.binary!.photo).toMatchObject({
				mimeType: 'image/png',
				fileName: 'Sjekkliste stillas øst.png',
			});
			const requests = fileRequests();
			expect(requests.map((r) => `${r.api} ${r.path}?${r.search}`)).toEqual([
				`integration /api/file/${photoId}?MaxDimension=${max}`,
			]);
			expect(
				requests.every((r) => r.status === 200 && r.headers.authorization?.startsWith('Bearer ')),
			).toBe(true);
		},
	);

	it('original: the file as stored, byte for byte, without MaxDimension', async () => {
		const result = await oneChecklist('original');
		expect(result.items).toHaveLength(1);
		const item = result.items[0];
		const bytes = await bytesOf(item.binary!.data);
		expect(bytes.equals(fx.emulator.ctx.files.get(photoId)!.bytes)).toBe(true);
		expect(bytes.length).toBe(item.json.fileSize);
		const png = PNG.sync.read(bytes);
		expect([png.width, png.height]).toEqual([2400, 120]);
		expect(fileRequests().map((r) => [r.path, r.query])).toEqual([[`/api/file/${photoId}`, {}]]);
	});

	it('attaches bytes to every row, also images shared by another company, and keeps the row fields', async () => {
		const parent = fx.emulator.ctx.sections.images.parent(P.otherCompanyShared)!;
		const window = {
			fromDateTime: parent.createdDateTime,
			toDateTime: new Date(Date.parse(parent.createdDateTime) + 1000).toISOString(),
		};
		const result = await run({
			returnAll: true,
			sources: ['alert'],
			...window,
			filters: { companyId: DEMO.companies.other },
			downloadImage: 'thumbnail',
		});
		expect(result.error).toBeUndefined();
		const shared = result.items.find((i) => i.json.id === I.shared)!;
		expect(shared.json).toMatchObject({
			projectCompanyId: DEMO.companies.other,
			mediumUrl: expect.stringContaining('MaxDimension=640'),
		});
		// A 2400 x 1600 picture as a thumbnail.
		const png = PNG.sync.read(await bytesOf(shared.binary!.data));
		expect([png.width, png.height]).toEqual([128, 85]);
		expect(result.items.map((i) => i.json.id)).toEqual([I.shared]);
		expect(fileRequests()).toHaveLength(1);
	});

	it('with Download Image "No" no file is requested', async () => {
		const result = await oneChecklist('none');
		expect(result.items.map((i) => i.json.id)).toEqual([photoId]);
		expect(result.items.every((i) => i.binary === undefined)).toBe(true);
		expect(fileRequests()).toHaveLength(0);
	});

	it('a file id with path characters stays one path segment', async () => {
		const images = fx.emulator.ctx.sections.images;
		const parent = images.addParent({
			source: 'feed',
			projectId: images.parent(P.feedOnRoad)!.projectId,
		});
		const id = '../../reporting/v1/images?x=1#';
		images.addImage(parent.id, { id, picture: 'small' });
		fx.mark();
		const result = await run({
			returnAll: false,
			limit: 1,
			options: { modifiedSince: images.parent(parent.id)!.modifiedDateTime },
			downloadImage: 'original',
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].id).toBe(id);
		expect(fileRequests().map((r) => r.path)).toEqual([`/api/file/${encodeURIComponent(id)}`]);
		expect(fx.apiRequests().filter((r) => r.api === 'extraction')).toHaveLength(1);
		expect(
			(await bytesOf(result.items[0].binary!.data)).equals(fx.emulator.ctx.files.get(id)!.bytes),
		).toBe(true);
	});

	it('a file removed after it was listed fails with a clear error naming the image', async () => {
		const images = fx.emulator.ctx.sections.images;
		const parent = images.addParent({
			source: 'feed',
			projectId: images.parent(P.feedOnRoad)!.projectId,
		});
		const image = images.addImage(parent.id, { picture: 'small' });
		fx.emulator.ctx.faults.add({
			api: 'integration',
			method: 'GET',
			path: `/api/file/${image.id}`,
			action: { kind: 'status', status: 404 },
		});
		const result = await run({
			returnAll: false,
			limit: 1,
			options: { modifiedSince: images.parent(parent.id)!.modifiedDateTime },
			downloadImage: 'thumbnail',
		});
		expect(result.error?.message).toContain(`Downloading image ${image.id} failed (HTTP 404)`);
	});

	describe('URL fields pointing elsewhere', () => {
		let foreign: Server;
		let foreignHits = 0;
		// Stands in for an extraction API answering rows whose URLs point at another host: a reply the emulator never gives.
		let fakeExtraction: Server;
		let fakePage = '';
		const fakeRequests: string[] = [];
		const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		beforeAll(async () => {
			foreign = createServer((_req, res) => {
				foreignHits++;
				res.end('nope');
			});
			fakeExtraction = createServer((req, res) => {
				fakeRequests.push(req.url ?? '');
				res.setHeader('content-type', 'application/json');
				res.end(fakePage);
			});
			await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
			await new Promise<void>((resolve) => fakeExtraction.listen(0, '127.0.0.1', resolve));
		});
		afterAll(async () => {
			await new Promise((resolve) => foreign.close(resolve));
			await new Promise((resolve) => fakeExtraction.close(resolve));
		});

		it('are never followed: bytes come from the integration base by file id, the token goes nowhere else', async () => {
			const foreignUrl = `${origin(foreign)}/api/file/${I.fallback}`;
			const row = {
				...fx.emulator.ctx.sections.images
					.allRows(DEMO.companies.parent)
					.find((r) => r.id === I.fallback)!,
			};
			Object.assign(row, {
				downloadUrl: foreignUrl,
				thumbnailUrl: `${foreignUrl}?MaxDimension=128`,
				mediumUrl: `${foreignUrl}?MaxDimension=640`,
				largeUrl: `${foreignUrl}?MaxDimension=1980`,
			});
			fakePage = JSON.stringify({
				data: [row],
				meta: {},
				continuationToken: '',
				syncTypeName: 'full',
				recordCount: 1,
				deletedRecordCount: 0,
				links: {},
			});
			fx.useClient(DEMO.clients.admin, {
				extractionBaseUrl: `${origin(fakeExtraction)}/reporting`,
			});
			const result = await run({ returnAll: true, downloadImage: 'thumbnail' });
			expect(result.error).toBeUndefined();
			expect(fakeRequests).toEqual(['/reporting/v1/images']);
			expect(foreignHits).toBe(0);
			expect(fileRequests().map((r) => `${r.api} ${r.path}?${r.search}`)).toEqual([
				`integration /api/file/${I.fallback}?MaxDimension=128`,
			]);
			expect(jsonOf(result)[0].downloadUrl).toBe(foreignUrl);
			const png = PNG.sync.read(await bytesOf(result.items[0].binary!.data));
			expect(Math.max(png.width, png.height)).toBe(128);
		});
	});
});
