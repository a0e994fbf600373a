import { PNG } from 'pngjs';
import { FormData, request } from 'undici';

import { tokenCache } from '../support/fetchToken';
import { DEMO, startEmulator, type Emulator } from './index';
import { makePng } from './core/pngResize';

/** Contract of the emulator's document and file endpoints, driven over HTTP with undici. */
describe('Emulator: documents and files', () => {
	let emulator: Emulator;
	let small: Emulator;
	const tokens = tokenCache();

	beforeAll(async () => {
		emulator = await startEmulator();
		// A second instance with a tiny request limit, to pin the 413 path without 30 MB bodies.
		small = await startEmulator({ maxRequestBytes: 2000 });
	});
	afterAll(async () => {
		await emulator.close();
		await small.close();
	});

	const token = (
		client: { clientId: string; clientSecret: string } = DEMO.clients.admin,
		emu = emulator,
	) => tokens(emu, client);

	function project(number: string, emu = emulator) {
		const p = emu.ctx.sections.projects.all().find((x) => x.projectNumber === number);
		if (!p) throw new Error(number);
		return p;
	}

	async function call(
		method: 'GET' | 'POST' | 'DELETE',
		path: string,
		opts: {
			body?: FormData | string;
			headers?: Record<string, string>;
			client?: { clientId: string; clientSecret: string };
			emu?: Emulator;
		} = {},
	) {
		const emu = opts.emu ?? emulator;
		const res = await request(`${emu.urls.integration}${path}`, {
			method,
			body: opts.body as never,
			headers: {
				authorization: `Bearer ${await token(opts.client, emu)}`,
				...(opts.headers ?? {}),
			},
		});
		const bytes = Buffer.from(await res.body.arrayBuffer());
		const type = String(res.headers['content-type'] ?? '');
		return {
			status: res.statusCode,
			headers: res.headers,
			bytes,
			json: type.includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined,
		};
	}

	function form(...files: Array<[string, string | Buffer, string?]>) {
		const fd = new FormData();
		for (const [name, content, type] of files)
			fd.append('file', new Blob([content], { type: type ?? 'application/octet-stream' }), name);
		return fd;
	}

	/** A project no other case uploads to, so what its pages list is this case's alone. */
	function newProject(projectNumber: string) {
		return emulator.ctx.sections.projects.createFor(DEMO.companies.parent, {
			companyId: DEMO.companies.parent,
			projectNumber,
			name: `Documents test ${projectNumber}`,
			active: true,
		}).project;
	}

	const docsOf = (id: string) => `/api/v4/integration/projects/${encodeURIComponent(id)}/documents`;

	it('uploads several files to the default page and lists everything on it', async () => {
		const p = newProject('D-LIST');
		const res = await call('POST', docsOf(p.id), {
			body: form(['a.pdf', '%PDF a', 'application/pdf'], ['b.txt', 'bee', 'text/plain']),
		});
		expect(res.status).toBe(200);
		expect(res.json).toMatchObject({
			successful: true,
			section: 'Documents',
			pageExternalId: `infopage:${p.id}:documents`,
		});
		expect(res.json.files).toHaveLength(2);
		const [a] = res.json.files;
		expect(a).toEqual({
			name: 'a.pdf',
			size: 6,
			url: `/api/file/${a.fileReference.id}`,
			fileReference: {
				id: expect.any(String),
				collectionRef: 'InfoPageDocuments',
				fileNameOrig: 'a.pdf',
				fileType: 'application/pdf',
				fileSize: 6,
				createdDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			},
		});
		// Same page for the same section in another case; files only lists this request's documents.
		const again = await call('POST', `${docsOf(p.id)}?section=documents`, {
			body: form(['c.txt', 'sea']),
		});
		expect(again.json.pageExternalId).toBe(`infopage:${p.id}:documents`);
		expect(again.json.files.map((f: { name: string }) => f.name)).toEqual(['c.txt']);
		expect(again.json.infoPageFiles.map((f: { name: string }) => f.name)).toEqual([
			'a.pdf',
			'b.txt',
			'c.txt',
		]);
		expect(emulator.ctx.sections.documents.pagesOf(p.id)).toHaveLength(1);
	});

	it('replaces files with the same name only when asked', async () => {
		const p = newProject('D-REPLACE');
		await call('POST', `${docsOf(p.id)}?section=Drawings`, { body: form(['plan.pdf', 'v1']) });
		const kept = await call('POST', `${docsOf(p.id)}?section=Drawings`, {
			body: form(['plan.pdf', 'v2']),
		});
		expect(kept.json.infoPageFiles.map((f: { name: string }) => f.name)).toEqual([
			'plan.pdf',
			'plan.pdf',
		]);
		const replaced = await call(
			'POST',
			`${docsOf(p.id)}?section=Drawings&replaceExistingFilesWithSameName=true`,
			{ body: form(['plan.pdf', 'v3']) },
		);
		expect(replaced.json.infoPageFiles).toEqual([
			{ fileReferenceId: replaced.json.files[0].fileReference.id, name: 'plan.pdf' },
		]);
		expect(replaced.json.pageExternalId).toBe(`infopage:${p.id}:drawings`);
	});

	it('nests work-order uploads under the project with the work order number as section', async () => {
		const p = project('P-1003');
		const wo = emulator.ctx.sections.workOrders
			.forProject(p.id)
			.find((w) => w.externalId === 'P-1003-2')!;
		const res = await call('POST', `/api/v4/integration/tasks/${wo.id}/documents`, {
			body: form(['wo.txt', 'work']),
		});
		expect(res.json).toMatchObject({
			section: 'P-1003-2',
			pageExternalId: `infopage:${p.id}:p-1003-2`,
		});
		// A page of the project's own beside the work order's, as the list below shows both.
		await call('POST', `${docsOf(p.id)}?section=Drawings`, { body: form(['site.pdf', 'site']) });
		const woList = await call('GET', `/api/v4/integration/tasks/${wo.id}/documents`);
		expect(woList.json).toEqual([
			{
				section: 'P-1003-2',
				pageExternalId: `infopage:${p.id}:p-1003-2`,
				files: [{ fileReferenceId: res.json.files[0].fileReference.id, name: 'wo.txt' }],
			},
		]);
		const projectList = await call('GET', docsOf(p.id));
		expect(projectList.json.map((page: { section: string }) => page.section)).toEqual(
			expect.arrayContaining(['Drawings', 'P-1003-2']),
		);
	});

	it('downloads raw bytes with the original (non-ASCII) name, 404 elsewhere, delete then 404', async () => {
		const p = project('P-1002');
		const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
		const up = await call('POST', docsOf(p.id), {
			body: form(['Tegning Ørneveien – rev 2.dwg', bytes]),
		});
		const id = up.json.files[0].fileReference.id as string;
		const down = await call('GET', `${docsOf(p.id)}/${id}`);
		expect(down.status).toBe(200);
		expect(down.headers['content-type']).toBe('application/octet-stream');
		expect(down.headers['content-disposition']).toBe(
			`attachment; filename="Tegning _rneveien _ rev 2.dwg"; filename*=UTF-8''Tegning%20%C3%98rneveien%20%E2%80%93%20rev%202.dwg`,
		);
		expect(down.bytes.equals(bytes)).toBe(true);
		const elsewhere = await call('GET', `${docsOf(project('P-1001').id)}/${id}`);
		expect(elsewhere.status).toBe(404);
		expect(elsewhere.json.errors[0]).toMatchObject({ code: 'NotFound', field: 'fileReferenceId' });
		expect((await call('DELETE', `${docsOf(p.id)}/${id}`)).status).toBe(204);
		expect((await call('GET', `${docsOf(p.id)}/${id}`)).status).toBe(404);
		expect((await call('DELETE', `${docsOf(p.id)}/${id}`)).status).toBe(404);
	});

	it('answers a non-administrator client and another company with a business error, a missing project with 404', async () => {
		const p = project('P-1002');
		const res = await call('GET', docsOf(p.id), { client: DEMO.clients.nonAdmin });
		expect(res.status).toBe(400);
		expect(res.json.errors[0]).toMatchObject({
			category: 'BusinessRuleError',
			code: 'DocumentService.administratorRequired',
		});
		const upload = await call('POST', docsOf(p.id), {
			client: DEMO.clients.nonAdmin,
			body: form(['x.txt', 'x']),
		});
		expect(upload.status).toBe(400);
		const foreign = await call('GET', docsOf(project('X-1').id));
		expect(foreign.status).toBe(400);
		expect(foreign.json.errors[0]).toMatchObject({ code: 'DocumentService.noAccess' });
		expect((await call('GET', docsOf('no-such-project'))).status).toBe(404);
	});

	it('refuses HTML, script and executable files and large SVGs, storing nothing of the request', async () => {
		const p = project('P-1001');
		const before = emulator.ctx.sections.documents.pagesOf(p.id).map((pg) => pg.documentIds.length);
		for (const name of ['page.html', 'run.exe', 'x.ps1', 'a.JS', 'b.htm']) {
			const res = await call('POST', docsOf(p.id), {
				body: form(['ok.pdf', 'fine'], [name, 'bad']),
			});
			expect(res.status).toBe(400);
			expect(res.json.errors[0]).toMatchObject({ field: 'file', code: 'FileTypeNotAllowed' });
		}
		const svg = await call('POST', docsOf(p.id), {
			body: form(['big.svg', Buffer.alloc(5 * 1024 * 1024 + 1, 32)]),
		});
		expect(svg.status).toBe(400);
		expect(svg.json.errors[0].code).toBe('FileTooLarge');
		const okSvg = await call('POST', docsOf(p.id), {
			body: form(['small.svg', '<svg/>', 'image/svg+xml']),
		});
		expect(okSvg.status).toBe(200);
		const after = emulator.ctx.sections.documents.pagesOf(p.id).map((pg) => pg.documentIds.length);
		expect(after.reduce((a, b) => a + b, 0)).toBe(before.reduce((a, b) => a + b, 0) + 1);
	});

	it('refuses .svgz and checks the extension after stripping trailing dots and spaces, storing the stripped name (behaviour notes: Documents: more)', async () => {
		const p = project('P-1001');
		const before = emulator.ctx.sections.documents
			.pagesOf(p.id)
			.reduce((n, pg) => n + pg.documentIds.length, 0);
		for (const name of [
			'drawing.svgz',
			'report.exe.',
			'report.exe ',
			'run.EXE. . ',
			'page.html..',
			'map.SVGZ ',
		]) {
			const res = await call('POST', docsOf(p.id), {
				body: form(['ok.pdf', 'fine'], [name, 'bad']),
			});
			expect([name, res.status]).toEqual([name, 400]);
			expect(res.json.errors[0]).toMatchObject({ field: 'file', code: 'FileTypeNotAllowed' });
		}
		const dots = await call('POST', docsOf(p.id), { body: form(['. . .', 'x']) });
		expect(dots.status).toBe(400);
		expect(dots.json.errors[0].message).toMatch(/needs a file name/);
		expect(
			emulator.ctx.sections.documents.pagesOf(p.id).reduce((n, pg) => n + pg.documentIds.length, 0),
		).toBe(before);
		const ok = await call('POST', docsOf(p.id), {
			body: form(
				['plan.pdf. ', '%PDF', 'application/pdf'],
				['notes.svg', '<svg/>', 'image/svg+xml'],
			),
		});
		expect(ok.status).toBe(200);
		expect(
			ok.json.files.map((f: { name: string; fileReference: { fileNameOrig: string } }) => [
				f.name,
				f.fileReference.fileNameOrig,
			]),
		).toEqual([
			['plan.pdf', 'plan.pdf'],
			['notes.svg', 'notes.svg'],
		]);
	});

	it('answers 413 above the request limit, by declared length and while streaming', async () => {
		const p = project('P-1001', small);
		const declared = await call('POST', docsOf(p.id), {
			emu: small,
			body: form(['big.bin', Buffer.alloc(3000)]),
		});
		expect(declared.status).toBe(413);
		expect(declared.json.errors[0].message).toContain('2000');
		// A chunked body (no Content-Length) is cut off as soon as it passes the limit.
		const boundary = 'xyzBOUNDARYxyz';
		async function* chunks() {
			yield Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
			);
			for (let i = 0; i < 10; i++) yield Buffer.alloc(500, 65);
			yield Buffer.from(`\r\n--${boundary}--\r\n`);
		}
		const streamed = await call('POST', docsOf(p.id), {
			emu: small,
			body: chunks() as never,
			headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
		});
		expect(streamed.status).toBe(413);
		const fits = await call('POST', docsOf(p.id), {
			emu: small,
			body: form(['ok.bin', Buffer.alloc(1000)]),
		});
		expect(fits.status).toBe(200);
	});

	it('serves stored files, resizing PNG images to MaxDimension with 14-day caching', async () => {
		const png = makePng(400, 20);
		const file = emulator.ctx.files.put({
			companyId: DEMO.companies.parent,
			fileName: 'photo.png',
			contentType: 'image/png',
			bytes: png,
		});
		const original = await call('GET', `/api/file/${file.id}`);
		expect(original.status).toBe(200);
		expect(original.headers['cache-control']).toBe('private, max-age=1209600');
		expect(original.headers['content-type']).toBe('image/png');
		expect(original.bytes.equals(png)).toBe(true);
		const small128 = await call('GET', `/api/file/${file.id}?MaxDimension=128`);
		const decoded = PNG.sync.read(small128.bytes);
		expect([decoded.width, decoded.height]).toEqual([128, 6]);
		const bad = await call('GET', `/api/file/${file.id}?MaxDimension=big`);
		expect(bad.status).toBe(400);
		expect(bad.json.errors[0].field).toBe('MaxDimension');
		const foreign = emulator.ctx.files.put({
			companyId: DEMO.companies.other,
			fileName: 'x.png',
			contentType: 'image/png',
			bytes: png,
		});
		expect((await call('GET', `/api/file/${foreign.id}`)).status).toBe(404);
		// Documents are served by the same endpoint, as stored (no resizing for non-images).
		const doc = (
			await call('POST', docsOf(project('P-1002').id), { body: form(['n.txt', 'text']) })
		).json.files[0];
		const served = await call('GET', `${doc.url}?MaxDimension=128`);
		expect(served.bytes.toString()).toBe('text');
	});
});
