import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { PNG } from 'pngjs';

import { makePng } from '../../emulator/core/pngResize';

import { bytesOf } from '../../support/binaryItems';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';

describe('File > Download', () => {
	const fx = useEmulator();
	let foreign: Server;
	let foreignHits = 0;
	let foreignOrigin = '';

	beforeAll(async () => {
		// Stands for any other host: it must never see a request, let alone the token.
		foreign = createServer((_req, res) => {
			foreignHits++;
			res.end('nope');
		});
		await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
		foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
	});
	afterAll(async () => {
		await new Promise((resolve) => foreign.close(resolve));
	});

	// A wide, low image keeps pixel work small (pngjs is slow under jest) while still needing every resize.
	let png: Buffer;
	beforeAll(() => {
		png = makePng(1300, 20);
	});
	const photo = () =>
		fx.emulator.ctx.files.put({
			companyId: DEMO.companies.parent,
			fileName: 'Befaring ØST.png',
			contentType: 'image/png',
			bytes: png,
		});
	const download = (file: string, size = 'auto') =>
		runOperation(fx, 'file', 'download', { file, size, binaryPropertyName: 'image' });

	it('downloads the original by file id', async () => {
		const stored = photo();
		const result = await download(stored.id);
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path}?${r.search} ${r.status}`)).toEqual([
			`GET /api/file/${stored.id}? 200`,
		]);
		const [item] = result.items;
		expect(item.json).toEqual({
			fileId: stored.id,
			maxDimension: null,
			fileName: 'Befaring ØST.png',
			mimeType: 'image/png',
			fileSize: stored.bytes.length,
		});
		expect(item.binary!.image).toMatchObject({
			fileName: 'Befaring ØST.png',
			mimeType: 'image/png',
		});
		expect((await bytesOf(item.binary!.image)).equals(stored.bytes)).toBe(true);
	});

	it.each([
		['128', 128, 2],
		['640', 640, 10],
		['1980', 1300, 20],
	])('sends MaxDimension=%s for the chosen size', async (size, width, height) => {
		const stored = photo();
		const result = await download(stored.id, size);
		expect(fx.apiRequests()[0].query).toEqual({ MaxDimension: [size] });
		const png = PNG.sync.read(await bytesOf(result.items[0].binary!.image));
		expect([png.width, png.height]).toEqual([width, height]);
		expect(result.items[0].json.maxDimension).toBe(Number(size));
	});

	it('accepts an image row URL under the integration base and keeps its MaxDimension', async () => {
		const stored = photo();
		const mediumUrl = `${fx.emulator.urls.integration}/api/file/${stored.id}?MaxDimension=640`;
		const result = await download(mediumUrl);
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests().map((r) => `${r.path}?${r.search}`)).toEqual([
			`/api/file/${stored.id}?MaxDimension=640`,
		]);
		const overridden = await download(mediumUrl, 'original');
		expect(overridden.error).toBeUndefined();
		expect(fx.apiRequests()[1].search).toBe('');
	});

	it("accepts a document's relative url", async () => {
		const project = fx.emulator.ctx.sections.projects
			.all()
			.find((p) => p.projectNumber === 'P-1001')!;
		const [id] = fx.emulator.ctx.sections.documents
			.pagesOf(project.id)
			.find((p) => p.section === 'Documents')!.documentIds;
		const result = await download(`/api/file/${id}`);
		expect(result.error).toBeUndefined();
		expect(result.items[0].binary!.image).toMatchObject({
			fileName: 'Site plan.pdf',
			mimeType: 'application/pdf',
		});
	});

	it.each([
		['another host', () => `${foreignOrigin}/api/file/abc`],
		['another host with the same path as the base', () => `${foreignOrigin}/core/api/file/abc`],
		['the right host, another API', () => `${fx.emulator.urls.extraction}/api/file/abc`],
		[
			'the right host, another path',
			() => `${fx.emulator.urls.integration}/api/v4/integration/projects`,
		],
		[
			'a path escaping the base',
			() => `${fx.emulator.urls.integration}/api/file/../../reporting/v1/images`,
		],
		[
			'user info in the URL',
			() => fx.emulator.urls.integration.replace('http://', 'http://user:pw@') + '/api/file/abc',
		],
		['a protocol-relative URL', () => `//evil.example/api/file/abc`],
		['a backslash path', () => '\\\\evil\\api\\file\\abc'],
		['a nested file path', () => `/api/file/abc/def`],
	])('refuses %s before any request', async (_label, url) => {
		const result = await download(url());
		expect(result.error?.message).toBe('File URL is not a file of the configured Integration API');
		expect(fx.requests()).toEqual([]);
		expect(foreignHits).toBe(0);
	});

	it.each([
		[
			'raw UTF-8 bytes in filename',
			Buffer.from('attachment; filename="Ørneveien §3.pdf"', 'utf8').toString('latin1'),
			'Ørneveien §3.pdf',
		],
		[
			'an ISO-8859-1 filename*',
			`attachment; filename="fallback.pdf"; filename*=ISO-8859-1''%D8rneveien.pdf`,
			'Ørneveien.pdf',
		],
		[
			'a quoted name with escapes',
			'attachment; filename="say \\"hi\\"; now.pdf"',
			'say _hi_; now.pdf',
		],
		['no name at all', 'attachment', 'raw-name.pdf'],
	])('reads the file name from %s', async (_label, disposition, expected) => {
		// A reply the emulator's own endpoint never gives: injected as a fault.
		fx.emulator.ctx.faults.add({
			api: 'integration',
			method: 'GET',
			path: '/api/file/raw-name',
			action: {
				kind: 'status',
				status: 200,
				body: { pdf: true },
				headers: { 'content-type': 'application/pdf', 'content-disposition': disposition },
			},
		});
		const result = await download('raw-name');
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests().map((r) => `${r.path} ${r.status}`)).toEqual([
			'/api/file/raw-name 200',
		]);
		expect(result.items[0].binary!.image).toMatchObject({
			fileName: expected,
			mimeType: 'application/pdf',
		});
		expect((await bytesOf(result.items[0].binary!.image)).toString()).toBe('{"pdf":true}');
	});

	it('names a file that does not exist', async () => {
		const result = await download('no-such-file');
		expect(result.error?.message).toBe(
			'Downloading file "no-such-file" failed (HTTP 404): fileId: File \'no-such-file\' was not found. [NotFound]',
		);
		expect(fx.apiRequests().map((r) => r.status)).toEqual([404]);
	});

	it('asks for a file when the field is empty', async () => {
		const result = await download(' ');
		expect(result.error?.message).toBe('File is empty');
		expect(fx.requests()).toEqual([]);
	});
});
