import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { executeNode } from '../harness/execute';
import { removeStoredItems } from '../support/binaryItems';
import { useEmulator, type Fixture } from '../support/emulatorFixture';

const rl = (mode: string, value: string) => ({ __rl: true, mode, value });
const long = 'x'.repeat(1000);

/** Content-Disposition headers a service (or a proxy in front of it) might send, and the name n8n must store. */
const HEADERS: Array<[string, string, string | ((fallback: string) => string)]> = [
	['relative path climbing out', 'attachment; filename="../../etc/passwd"', 'passwd'],
	[
		'encoded path in filename*',
		"attachment; filename*=UTF-8''..%2F..%2Fetc%2Fshadow.txt",
		'shadow.txt',
	],
	[
		'Windows path with drive and backslashes',
		'attachment; filename="C:\\\\Windows\\\\System32\\\\evil.pdf"',
		'evil.pdf',
	],
	['UNC path', 'attachment; filename="\\\\\\\\server\\\\share\\\\plan.pdf"', 'plan.pdf'],
	['absolute POSIX path', 'attachment; filename="/etc/cron.d/job.pdf"', 'job.pdf'],
	[
		'control characters (CR, LF, NUL, BEL)',
		"attachment; filename*=UTF-8''re%0D%0Apo%00rt%07.pdf",
		'report.pdf',
	],
	[
		'a right-to-left override hiding .exe',
		"attachment; filename*=UTF-8''invoice%E2%80%AEfdp.exe",
		'invoicefdp.exe',
	],
	['a hidden dot file', 'attachment; filename=".bashrc"', 'bashrc'],
	['characters Windows refuses', 'attachment; filename="a<b>c:d|e?f*.pdf"', 'a_b_c_d_e_f_.pdf'],
	['only dots', 'attachment; filename="..."', (fallback) => fallback],
	['only a path', 'attachment; filename="../../"', (fallback) => fallback],
	['a 1,004-character name', `attachment; filename="${long}.pdf"`, `${'x'.repeat(196)}.pdf`],
];

function storeDocument(fx: Fixture): { projectId: string; id: string } {
	const project = fx.emulator.ctx.sections.projects
		.all()
		.find((p) => p.projectNumber === 'P-1001')!;
	const docs = fx.emulator.ctx.sections.documents;
	const [doc] = docs.store(docs.parentOf('project', project.id), 'Names', [
		{ name: 'plain.pdf', mimeType: 'application/pdf', bytes: Buffer.from('%PDF names') },
	]);
	return { projectId: project.id, id: doc.id };
}

interface Setup {
	parameters: INodeParameters;
	/** The download request (a substring of its path for the fault). */
	path: string;
	/** Name used when the header gives none: an id, or the image row's own file name. */
	fallback: (json: IDataObject) => string;
	/** Requests expected besides the download. */
	before?: string[];
}

const OPERATIONS: Array<{ name: string; setup: (fx: Fixture) => Setup }> = [
	{
		name: 'Document > Download',
		setup: (fx) => {
			const { projectId, id } = storeDocument(fx);
			return {
				parameters: {
					resource: 'document',
					operation: 'download',
					parent: 'project',
					project: rl('id', projectId),
					fileReferenceId: id,
				},
				path: `/api/v4/integration/projects/${projectId}/documents/${id}`,
				fallback: () => id,
			};
		},
	},
	{
		name: 'File > Download',
		setup: (fx) => {
			const { id } = storeDocument(fx);
			return {
				parameters: { resource: 'file', operation: 'download', file: id },
				path: `/api/file/${id}`,
				fallback: () => id,
			};
		},
	},
	{
		name: 'Data Extraction > Get Images (with bytes)',
		setup: () => ({
			parameters: {
				resource: 'dataExtraction',
				operation: 'getImages',
				returnAll: false,
				limit: 1,
				downloadImage: 'original',
			},
			path: '/api/file/',
			fallback: (json) => String(json.fileNameOriginal ?? json.fileName ?? json.id),
			before: ['GET /v1/images 200'],
		}),
	},
];

const CASES = OPERATIONS.flatMap((operation) =>
	HEADERS.map(([name, header, expected]) => ({
		label: `${operation.name}: ${name}`,
		operation,
		header,
		expected,
	})),
);

describe('Security: downloaded file names are cleaned', () => {
	const fx = useEmulator({ images: { parentsPerSource: 2 } });
	afterAll(async () => await removeStoredItems());

	it.each(CASES)('$label', async ({ operation, header, expected }) => {
		const { parameters, path, fallback, before = [] } = operation.setup(fx);
		// The answer of the real endpoint, with the Content-Disposition under test.
		fx.emulator.ctx.faults.add({
			api: 'integration',
			path,
			action: {
				kind: 'status',
				status: 200,
				body: 'file bytes',
				headers: { 'content-type': 'application/octet-stream', 'content-disposition': header },
			},
		});
		fx.mark();
		const result = await executeNode({ credentials: fx.credentials, parameters });
		expect(result.error).toBeUndefined();
		const requests = fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`);
		expect(requests.slice(0, before.length)).toEqual(before);
		expect(requests.slice(before.length)).toEqual([
			expect.stringMatching(
				new RegExp(`^GET ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.* 200$`),
			),
		]);
		const [item] = result.items;
		const name = typeof expected === 'function' ? expected(fallback(item.json)) : expected;
		expect(item.binary?.data.fileName).toBe(name);
		if ('fileName' in item.json && !('fileNameOriginal' in item.json))
			expect(item.json.fileName).toBe(name);
		// Whatever the header said: one plain segment, no control or bidi characters, at most 200 characters.
		expect(name).not.toMatch(/[/\\\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
		expect(name).not.toMatch(/^\./);
		expect(name.length).toBeLessThanOrEqual(200);
	});
});
