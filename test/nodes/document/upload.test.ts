import { executeNode, jsonOf } from '../../harness/execute';
import { bytesOf, memoryItem, removeStoredItems, storedItem } from '../../support/binaryItems';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';

describe('Document > Upload', () => {
	const fx = useEmulator();
	afterAll(async () => await removeStoredItems());

	const projectOf = (number: string) =>
		fx.emulator.ctx.sections.projects.all().find((p) => p.projectNumber === number)!;
	const upload = (parameters: Record<string, unknown>) => ({
		resource: 'document',
		operation: 'upload',
		parent: 'project',
		...parameters,
	});
	const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
	const posts = () => fx.apiRequests().filter((r) => r.method === 'POST');

	it('sends several binary fields as parts named file with their names and types, and returns the upload response', async () => {
		const project = projectOf('P-1002');
		const pdf = Buffer.from('%PDF-1.7 drawing');
		const photo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: upload({ project: byId(project.id), binaryPropertyName: 'data, photo' }),
			items: [
				memoryItem({
					data: { name: 'Tegning Ø-1.pdf', mimeType: 'application/pdf', bytes: pdf },
					photo: { name: 'site.png', mimeType: 'image/png', bytes: photo },
				}),
			],
		});
		expect(result.error).toBeUndefined();
		const [post] = posts();
		expect(post).toMatchObject({
			path: `/api/v4/integration/projects/${project.id}/documents`,
			search: '',
			status: 200,
		});
		expect(post.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		expect(post.body).toEqual({
			parts: [
				{
					field: 'file',
					fileName: 'Tegning Ø-1.pdf',
					mimeType: 'application/pdf',
					size: pdf.length,
				},
				{ field: 'file', fileName: 'site.png', mimeType: 'image/png', size: photo.length },
			],
		});
		const [out] = jsonOf(result);
		expect(out).toMatchObject({
			successful: true,
			section: 'Documents',
			pageExternalId: `infopage:${project.id}:documents`,
		});
		const files = out.files as Array<{ name: string; fileReference: { id: string } }>;
		expect(files.map((f) => f.name)).toEqual(['Tegning Ø-1.pdf', 'site.png']);
		expect(fx.emulator.ctx.files.get(files[0].fileReference.id)!.bytes.equals(pdf)).toBe(true);
		expect(fx.emulator.ctx.files.get(files[1].fileReference.id)!.bytes.equals(photo)).toBe(true);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('streams files kept in the filesystem binary store', async () => {
		const project = projectOf('P-1002');
		const bytes = Buffer.alloc(300_000, 7);
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: upload({ project: byId(project.id), binaryPropertyName: 'data' }),
			items: [await storedItem({ data: { name: 'scan.tif', mimeType: 'image/tiff', bytes } })],
		});
		expect(result.error).toBeUndefined();
		expect(posts()[0].body).toEqual({
			parts: [{ field: 'file', fileName: 'scan.tif', mimeType: 'image/tiff', size: bytes.length }],
		});
		const id = (jsonOf(result)[0].files as Array<{ fileReference: { id: string } }>)[0]
			.fileReference.id;
		expect(fx.emulator.ctx.files.get(id)!.bytes.equals(bytes)).toBe(true);
	});

	it('sends one request per input item and keeps going past a refused item with Continue On Fail', async () => {
		const project = projectOf('P-1002');
		const result = await executeNode({
			credentials: fx.credentials,
			continueOnFail: true,
			parameters: upload({ project: byId(project.id), options: { section: 'Batch' } }),
			items: [
				memoryItem({ data: { name: 'one.txt', mimeType: 'text/plain', bytes: Buffer.from('1') } }),
				memoryItem({ data: { name: 'two.bat', mimeType: 'text/plain', bytes: Buffer.from('2') } }),
				memoryItem({
					data: { name: 'three.txt', mimeType: 'text/plain', bytes: Buffer.from('3') },
				}),
			],
		});
		expect(result.error).toBeUndefined();
		expect(
			posts().map((r) => (r.body as { parts: Array<{ fileName: string }> }).parts[0].fileName),
		).toEqual(['one.txt', 'three.txt']);
		const out = jsonOf(result);
		expect(out[0].files).toHaveLength(1);
		expect(out[1]).toEqual({
			error:
				'Binary field "data" cannot be uploaded: "two.bat" is a .bat file, and the service refuses HTML, script and executable files',
		});
		expect((out[2].infoPageFiles as unknown[]).length).toBe(2);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('puts files on a named section page and replaces files with the same name', async () => {
		const project = projectOf('P-1003');
		const run = (content: string, replace: boolean) =>
			executeNode({
				credentials: fx.credentials,
				parameters: upload({
					project: byId(project.id),
					options: { section: 'Permits', replaceExistingFilesWithSameName: replace },
				}),
				items: [
					memoryItem({
						data: { name: 'permit.pdf', mimeType: 'application/pdf', bytes: Buffer.from(content) },
					}),
				],
			});
		await run('v1', false);
		fx.mark();
		const second = await run('v2', true);
		expect(posts()[0].query).toEqual({
			section: ['Permits'],
			replaceExistingFilesWithSameName: ['true'],
		});
		const [out] = jsonOf(second);
		expect(out).toMatchObject({
			section: 'Permits',
			pageExternalId: `infopage:${project.id}:permits`,
		});
		const created = (out.files as Array<{ fileReference: { id: string } }>)[0].fileReference.id;
		expect(out.infoPageFiles).toEqual([{ fileReferenceId: created, name: 'permit.pdf' }]);
	});

	it('nests a work order upload under its project with the work order number as section', async () => {
		const project = projectOf('P-1003');
		const workOrder = fx.emulator.ctx.sections.workOrders
			.forProject(project.id)
			.find((w) => w.externalId === 'P-1003-1')!;
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: upload({ parent: 'workOrder', workOrderId: workOrder.id }),
			items: [
				memoryItem({
					data: {
						name: 'checklist.xlsx',
						mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
						bytes: Buffer.from('xlsx'),
					},
				}),
			],
		});
		expect(result.error).toBeUndefined();
		expect(posts()[0].path).toBe(`/api/v4/integration/tasks/${workOrder.id}/documents`);
		expect(jsonOf(result)[0]).toMatchObject({
			section: 'P-1003-1',
			pageExternalId: `infopage:${project.id}:p-1003-1`,
		});
	});

	it('looks a project number up before uploading', async () => {
		const project = projectOf('P-1001');
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: upload({ project: { __rl: true, mode: 'projectNumber', value: 'P-1001' } }),
			items: [
				memoryItem({
					data: { name: 'note.txt', mimeType: 'text/plain', bytes: Buffer.from('hello') },
				}),
			],
		});
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/v4/integration/projects/by-project-number/P-1001',
			`POST /api/v4/integration/projects/${project.id}/documents`,
		]);
	});

	it('reports the business error for a client without Administrator access', async () => {
		fx.useClient(DEMO.clients.nonAdmin);
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: upload({ project: byId(projectOf('P-1001').id) }),
			items: [
				memoryItem({
					data: { name: 'note.txt', mimeType: 'text/plain', bytes: Buffer.from('hello') },
				}),
			],
		});
		expect(result.error?.message).toContain(
			'Documents can only be managed by an API client with Administrator access',
		);
		expect(result.error?.message).toContain('DocumentService.administratorRequired');
		expect(posts().map((r) => r.status)).toEqual([400]);
	});

	it.each([
		['run.exe', 'application/octet-stream', 1],
		['index.HTML', 'text/html', 1],
		['deploy.ps1', 'text/plain', 1],
		['huge.svg', 'image/svg+xml', 5 * 1024 * 1024 + 1],
		['drawing.svgz', 'image/svg+xml', 1],
		['report.exe.', 'application/octet-stream', 1],
		['report.exe ', 'application/octet-stream', 1],
		['page.HTML. .', 'text/html', 1],
		['. .', 'application/octet-stream', 1],
	])('refuses %s before sending anything', async (name, mimeType, size) => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: upload({ project: byId(projectOf('P-1001').id), binaryPropertyName: 'ok,bad' }),
			items: [
				memoryItem({
					ok: { name: 'fine.pdf', mimeType: 'application/pdf', bytes: Buffer.from('ok') },
					bad: { name, mimeType, bytes: Buffer.alloc(size, 60) },
				}),
			],
		});
		expect(result.error?.message).toContain(`Binary field "bad" cannot be uploaded: "${name}"`);
		expect(result.error?.message).toMatch(
			/refuses HTML, script and executable files|SVG limit of 5242880 bytes|refuses \.svgz files|has no file name/,
		);
		if (/[. ]$/.test(name) && name.trim() !== '. .')
			expect(result.error?.message).toContain('strips trailing dots and spaces');
		expect(fx.requests()).toEqual([]);
	});

	it('names the missing binary field', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: upload({
				project: byId(projectOf('P-1001').id),
				binaryPropertyName: 'attachment',
			}),
			items: [
				memoryItem({ data: { name: 'a.txt', mimeType: 'text/plain', bytes: Buffer.from('a') } }),
			],
		});
		expect(result.error?.message).toMatch(/attachment/);
		expect(fx.apiRequests()).toEqual([]);
	});

	it('refreshes the token after a 401 in the middle of an upload and uploads exactly once more', async () => {
		const project = projectOf('P-1002');
		// First a normal run, so the credential holds a token that then expires.
		await runOperation(fx, 'project', 'get', { project: byId(project.id) });
		fx.emulator.ctx.faults.add({
			api: 'integration',
			method: 'POST',
			path: '/documents',
			action: { kind: 'expireTokens' },
		});
		fx.mark();
		const bytes = Buffer.alloc(200_000, 3);
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: upload({ project: byId(project.id), options: { section: 'Retry' } }),
			items: [
				await storedItem({
					data: { name: 'retry.bin', mimeType: 'application/octet-stream', bytes },
				}),
			],
		});
		expect(result.error).toBeUndefined();
		const log = fx
			.requests()
			.map((r) => `${r.api} ${r.method} ${r.path} ${r.status}${r.fault ? ` (${r.fault})` : ''}`);
		expect(log).toEqual([
			`integration POST /api/v4/integration/projects/${project.id}/documents 401 (expireTokens)`,
			'identity POST /connect/token 200',
			`integration POST /api/v4/integration/projects/${project.id}/documents 200`,
		]);
		expect(posts()[1].body).toEqual({
			parts: [
				{
					field: 'file',
					fileName: 'retry.bin',
					mimeType: 'application/octet-stream',
					size: bytes.length,
				},
			],
		});
		const page = fx.emulator.ctx.sections.documents
			.pagesOf(project.id)
			.find((p) => p.section === 'Retry')!;
		expect(page.documentIds).toHaveLength(1);
		expect(fx.emulator.ctx.files.get(page.documentIds[0])!.bytes.equals(bytes)).toBe(true);
	});

	it('stops with a clear error when the service refuses the fresh token too (no loop)', async () => {
		fx.emulator.ctx.faults.add({
			api: 'integration',
			method: 'POST',
			path: '/documents',
			count: 5,
			action: { kind: 'status', status: 401 },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: upload({ project: byId(projectOf('P-1002').id) }),
			items: [
				memoryItem({ data: { name: 'a.txt', mimeType: 'text/plain', bytes: Buffer.from('a') } }),
			],
		});
		expect(result.error?.message).toContain('Uploading documents failed (HTTP 401)');
		expect(posts().map((r) => r.status)).toEqual([401, 401]);
		expect(fx.tokenRequests()).toHaveLength(2);
	});

	it('does not follow a redirect with the upload (the body is never buffered for a replay)', async () => {
		fx.emulator.ctx.faults.add({
			api: 'integration',
			method: 'POST',
			path: '/documents',
			action: {
				kind: 'status',
				status: 307,
				headers: { location: `${fx.emulator.urls.integration}/api/v4/integration/projects` },
			},
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: upload({ project: byId(projectOf('P-1002').id) }),
			items: [
				memoryItem({ data: { name: 'a.txt', mimeType: 'text/plain', bytes: Buffer.from('a') } }),
			],
		});
		expect(result.error?.message).toBe(
			`Uploading documents failed: the service answered with a redirect (HTTP 307) to ${new URL(fx.emulator.urls.integration).origin}`,
		);
		expect(posts().map((r) => `${r.path} ${r.status}`)).toEqual([
			`/api/v4/integration/projects/${projectOf('P-1002').id}/documents 307`,
		]);
	});

	describe('request size limit (30,000,000 bytes)', () => {
		const LIMIT = 30_000_000;

		it('round-trips a file just under the limit byte for byte', async () => {
			const project = projectOf('P-1003');
			const bytes = Buffer.alloc(LIMIT - 1_000);
			for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
			const up = await executeNode({
				credentials: fx.credentials,
				parameters: upload({ project: byId(project.id), options: { section: 'Large' } }),
				items: [
					await storedItem({ data: { name: 'model.ifc', mimeType: 'application/x-step', bytes } }),
				],
			});
			expect(up.error).toBeUndefined();
			const [post] = posts();
			const sent = Number(post.headers['content-length']);
			expect(sent).toBeGreaterThan(bytes.length);
			expect(sent).toBeLessThanOrEqual(LIMIT);
			const id = (jsonOf(up)[0].files as Array<{ fileReference: { id: string } }>)[0].fileReference
				.id;
			const down = await runOperation(fx, 'document', 'download', {
				parent: 'project',
				project: byId(project.id),
				fileReferenceId: id,
				binaryPropertyName: 'data',
			});
			expect(down.error).toBeUndefined();
			const binary = down.items[0].binary!.data;
			expect(binary.fileName).toBe('model.ifc');
			expect((await bytesOf(binary)).equals(bytes)).toBe(true);
			await removeStoredItems([binary]);
		});

		it('refuses a request just over the limit before sending, naming the limit', async () => {
			// The file alone fits; with the multipart framing the request does not.
			const bytes = Buffer.alloc(LIMIT - 50);
			const result = await executeNode({
				credentials: fx.credentials,
				parameters: upload({ project: byId(projectOf('P-1003').id) }),
				items: [
					await storedItem({
						data: { name: 'too-big.bin', mimeType: 'application/octet-stream', bytes },
					}),
				],
			});
			expect(result.error?.message).toMatch(
				/^The upload is \d+ bytes, above the service's limit of 30000000 bytes per request$/,
			);
			expect(fx.requests()).toEqual([]);
		});
	});
});
