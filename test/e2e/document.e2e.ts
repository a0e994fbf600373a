import { createHash } from 'node:crypto';

import { useE2e } from './support/e2e';

const sha256 = (base64: unknown) =>
	createHash('sha256')
		.update(Buffer.from(String(base64), 'base64'))
		.digest('hex');

describe('Document and File in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	it('upload then download (Document and File) gives back the same bytes, byte for byte', async () => {
		const run = await e2e.run('documentRoundTrip');
		expect(run.error).toBeUndefined();
		const [made] = run.json('Make Bytes');
		const sent = Buffer.from(String(made.content), 'base64');
		expect(sent.length).toBe(200_000);

		const [uploaded] = run.json('Upload Document');
		expect(uploaded).toMatchObject({ successful: true, section: 'E2E' });
		const files = uploaded.files as Array<{ name: string; fileReference: { id: string } }>;
		expect(files.map((f) => f.name)).toEqual(['E2E round trip Ø.bin']);
		const fileId = files[0].fileReference.id;

		const [downloaded] = run.json('Downloaded Bytes');
		expect(downloaded).toMatchObject({
			fileReferenceId: fileId,
			fileName: 'E2E round trip Ø.bin',
			fileSize: 200_000,
		});
		expect(sha256(downloaded.content)).toBe(sha256(made.content));
		const [viaFile] = run.json('File Bytes');
		expect(sha256(viaFile.content)).toBe(sha256(made.content));

		const api = await e2e.emulator.apiRequests();
		const project = (await e2e.emulator.serviceGet(
			'/api/v4/integration/projects/by-project-number/P-1002',
		)) as { id: string };
		expect(api.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v4/integration/projects/by-project-number/P-1002 200',
			`POST /api/v4/integration/projects/${project.id}/documents 200`,
			'GET /api/v4/integration/projects/by-project-number/P-1002 200',
			`GET /api/v4/integration/projects/${project.id}/documents/${fileId} 200`,
			expect.stringMatching(new RegExp(`^GET .*${fileId}.* 200$`)),
		]);
		expect(api[1].body).toEqual({
			parts: [
				{
					field: 'file',
					fileName: 'E2E round trip Ø.bin',
					mimeType: 'application/octet-stream',
					size: 200_000,
				},
			],
		});
	});
});
