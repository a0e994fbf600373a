import { randomBytes } from 'node:crypto';

import { jsonOf } from '../../harness/execute';
import { bytesOf } from '../../support/binaryItems';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';

describe('Document > Download', () => {
	const fx = useEmulator();

	const projectOf = (number: string) =>
		fx.emulator.ctx.sections.projects.all().find((p) => p.projectNumber === number)!;
	const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });
	const docs = () => fx.emulator.ctx.sections.documents;
	const seed = (projectId: string, name: string, bytes: Buffer, section = 'Downloads') =>
		docs().store(docs().parentOf('project', projectId), section, [
			{ name, mimeType: 'application/octet-stream', bytes },
		])[0];
	const download = (parameters: Record<string, unknown>) =>
		runOperation(fx, 'document', 'download', {
			parent: 'project',
			binaryPropertyName: 'data',
			...parameters,
		});

	it('returns the bytes as binary data with the original non-ASCII name and a MIME type from the extension', async () => {
		const project = projectOf('P-1002');
		const bytes = randomBytes(70_000);
		const doc = seed(project.id, 'Befaring Ørneveien – juni.pdf', bytes);
		const result = await download({
			project: byId(project.id),
			fileReferenceId: doc.id,
			binaryPropertyName: 'document',
		});
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/v4/integration/projects/${project.id}/documents/${doc.id} 200`,
		]);
		const [item] = result.items;
		expect(item.json).toEqual({
			fileReferenceId: doc.id,
			projectId: project.id,
			fileName: 'Befaring Ørneveien – juni.pdf',
			mimeType: 'application/pdf',
			fileSize: bytes.length,
		});
		const binary = item.binary!.document;
		expect(binary).toMatchObject({
			fileName: 'Befaring Ørneveien – juni.pdf',
			mimeType: 'application/pdf',
			fileExtension: 'pdf',
		});
		expect((await bytesOf(binary)).equals(bytes)).toBe(true);
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('downloads through a work order', async () => {
		const project = projectOf('P-1001');
		const workOrder = fx.emulator.ctx.sections.workOrders
			.forProject(project.id)
			.find((w) => w.externalId === 'P-1001-1')!;
		const [docId] = docs()
			.pagesOf(project.id)
			.find((p) => p.section === 'P-1001-1')!.documentIds;
		const result = await download({
			parent: 'workOrder',
			workOrderId: workOrder.id,
			fileReferenceId: docId,
		});
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()[0].path).toBe(
			`/api/v4/integration/tasks/${workOrder.id}/documents/${docId}`,
		);
		expect(result.items[0].binary!.data).toMatchObject({
			fileName: 'Work description.txt',
			mimeType: 'text/plain',
		});
		expect((await bytesOf(result.items[0].binary!.data)).toString()).toBe(
			'Prepare the site: fences, signs, lighting.\n',
		);
	});

	it.each([
		['../../etc/passwd', 'passwd'],
		['/var/lib/evil.sh', 'evil.sh'],
		['C:\\Windows\\System32\\evil.dll', 'evil.dll'],
		['..\\..\\boot.ini', 'boot.ini'],
		['bad\u0000name\r\n.txt', 'badname.txt'],
		['what?<is>this|.pdf', 'what__is_this_.pdf'],
		['..', undefined],
		['  .hidden ', 'hidden'],
	])('cleans the hostile name %j', async (hostile, expected) => {
		const project = projectOf('P-1003');
		const doc = seed(project.id, hostile, Buffer.from('x'), 'Hostile');
		const result = await download({ project: byId(project.id), fileReferenceId: doc.id });
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()[0].status).toBe(200);
		expect(result.items[0].binary!.data.fileName).toBe(expected ?? doc.id);
		expect(result.items[0].json.fileName).toBe(expected ?? doc.id);
	});

	it('names the document when it is not on that project (404)', async () => {
		const doc = seed(projectOf('P-1002').id, 'elsewhere.pdf', Buffer.from('x'));
		const other = projectOf('P-1001');
		const result = await download({ project: byId(other.id), fileReferenceId: doc.id });
		expect(result.error?.message).toBe(
			`Downloading document "${doc.id}" failed (HTTP 404): fileReferenceId: Document '${doc.id}' was not found. [NotFound]`,
		);
		expect(fx.apiRequests().map((r) => r.status)).toEqual([404]);
	});

	it('refreshes the token once on a 401 (n8n core resends a GET)', async () => {
		const project = projectOf('P-1002');
		const doc = seed(project.id, 'again.txt', Buffer.from('again'));
		await download({ project: byId(project.id), fileReferenceId: doc.id });
		fx.emulator.ctx.faults.add({
			api: 'integration',
			method: 'GET',
			path: '/documents/',
			action: { kind: 'expireTokens' },
		});
		fx.mark();
		const result = await download({ project: byId(project.id), fileReferenceId: doc.id });
		expect(result.error).toBeUndefined();
		expect(fx.requests().map((r) => `${r.api} ${r.status}`)).toEqual([
			'integration 401',
			'identity 200',
			'integration 200',
		]);
	});

	it('reports the business error for a client without Administrator access', async () => {
		fx.useClient(DEMO.clients.nonAdmin);
		const project = projectOf('P-1001');
		const result = await download({ project: byId(project.id), fileReferenceId: 'anything' });
		expect(result.error?.message).toContain('DocumentService.administratorRequired');
		expect(jsonOf(result)).toEqual([]);
	});

	it('asks for the document handle when it is empty', async () => {
		const result = await download({ project: byId(projectOf('P-1001').id), fileReferenceId: '  ' });
		expect(result.error?.message).toBe('File Reference ID is empty');
		expect(fx.apiRequests()).toEqual([]);
	});
});
