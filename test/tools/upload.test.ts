import type { IDataObject } from 'n8n-workflow';

import { callTools } from '../harness/tools';
import { DEMO, useEmulator } from '../support/emulatorFixture';
import { ai, parseToolText } from '../support/toolCases';

/** Document Upload as a tool: the file comes as the model's text (or base64), never as binary input. */
describe('Document Upload as a tool', () => {
	const fx = useEmulator();
	const project = () =>
		fx.emulator.ctx.sections.projects
			.list(DEMO.companies.parent)
			.find((p) => p.projectNumber === 'P-1002')!;
	const parameters = {
		resource: 'document',
		operation: 'upload',
		parent: 'project',
		project: { __rl: true, mode: 'projectNumber', value: 'P-1002' },
		toolFileName: ai('fileName', 'File name'),
		toolFileContent: ai('content', 'Content'),
		toolContentEncoding: ai('encoding', 'utf8 or base64'),
	};
	const upload = async (args: IDataObject) =>
		(
			await callTools({
				credentials: fx.credentials,
				via: 'direct',
				tools: [{ name: 'Upload', parameters }],
				calls: [{ tool: 'Upload', args }],
			})
		).outcomes[0];
	/** The bytes the service stored for the file the answer names. */
	const storedBytes = (text: string, name: string) => {
		const files = parseToolText(text)[0].files as Array<{
			name: string;
			fileReference: { id: string };
		}>;
		return fx.emulator.ctx.files.get(files.find((f) => f.name === name)!.fileReference.id)!.bytes;
	};

	it('uploads text as a file named as given, with the MIME type of its extension', async () => {
		const outcome = await upload({
			fileName: 'Daily log 12.md',
			content: '# Day 12\nPoured the slab. ✓\n',
			encoding: 'utf8',
		});
		expect(outcome.isError).toBe(false);
		expect(parseToolText(outcome.text)[0]).toMatchObject({
			successful: true,
			section: 'Documents',
		});
		const post = fx.apiRequests().find((r) => r.method === 'POST')!;
		expect(post.path).toBe(`/api/v4/integration/projects/${project().id}/documents`);
		expect(post.body).toMatchObject({
			parts: [
				{
					field: 'file',
					fileName: 'Daily log 12.md',
					mimeType: 'text/markdown',
					size: Buffer.byteLength('# Day 12\nPoured the slab. ✓\n'),
				},
			],
		});
		expect(storedBytes(outcome.text, 'Daily log 12.md').toString('utf8')).toBe(
			'# Day 12\nPoured the slab. ✓\n',
		);
	});

	it('decodes base64 content', async () => {
		const bytes = Buffer.from('%PDF-1.4\n% tool upload\n%%EOF\n');
		const outcome = await upload({
			fileName: 'permit.pdf',
			content: bytes.toString('base64'),
			encoding: 'base64',
		});
		expect(outcome.isError).toBe(false);
		expect(storedBytes(outcome.text, 'permit.pdf').equals(bytes)).toBe(true);
	});

	it('refuses a file type the service refuses, before sending', async () => {
		const outcome = await upload({ fileName: 'page.html', content: '<p>x</p>', encoding: 'utf8' });
		expect(outcome.isError).toBe(true);
		expect(outcome.text).toContain('File Content cannot be uploaded: "page.html" is a .html file');
		expect(outcome.text).toContain('converted to PDF');
		expect(fx.apiRequests().filter((r) => r.method === 'POST')).toHaveLength(0);
	});

	it('refuses a missing file name', async () => {
		const outcome = await upload({ fileName: ' ', content: 'x', encoding: 'utf8' });
		expect(outcome.text).toContain(
			'File Name is empty. Give the document a file name with its extension',
		);
	});
});
