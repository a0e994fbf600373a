import { randomUUID } from 'node:crypto';

import { mainServer, useE2e } from '../support/e2e';
import { asExecution, finishedExecution, startManualRun } from '../support/restRunner';
import { figure, workerLogs } from './queueSupport';

/** About 29 MB: a large scanned drawing, just under the service's limit of 30,000,000 bytes per upload. */
const SIZE = 29_000_000;

/**
 * A document of about 29 MB uploaded and downloaded again on a worker with binary data in
 * `database` mode (queue mode's default; `filesystem` is not supported there): the bytes that come
 * back hash the same as the bytes sent, hashed by n8n's own Crypto node from the stored binary data.
 */
describe('Queue mode: a 29 MB document through database binary data', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	it('upload then download on a worker gives back the same bytes (SHA-256 of both)', async () => {
		const main = await mainServer();
		const { credential } = e2e.state;
		const node = (
			name: string,
			type: string,
			parameters: Record<string, unknown>,
			x: number,
			extra: Record<string, unknown> = {},
		) => ({
			id: randomUUID(),
			name,
			type,
			typeVersion: 1,
			position: [x, 0],
			parameters,
			...extra,
		});
		const workforce = {
			credentials: { workforceApi: { id: credential.id, name: credential.name } },
		};
		const hash = (name: string, field: string, x: number) => ({
			...node(
				name,
				'n8n-nodes-base.crypto',
				{
					action: 'hash',
					binaryData: true,
					binaryPropertyName: 'data',
					type: 'SHA256',
					dataPropertyName: field,
					encoding: 'hex',
				},
				x,
			),
			typeVersion: 2,
		});
		const workflowId = await main.createWorkflow({
			name: 'E2E queue: 29 MB document round trip',
			nodes: [
				node('Start', 'n8n-nodes-base.manualTrigger', {}, 0),
				{
					...node(
						'Make Bytes',
						'n8n-nodes-base.code',
						{
							jsCode: `// ${SIZE} deterministic, non-text bytes.\nconst b = Buffer.alloc(${SIZE});\nlet x = 12345;\nfor (let i = 0; i < b.length; i++) { x = (x * 1103515245 + 12345) % 2147483648; b[i] = x >>> 16 & 255; }\nreturn [{ json: { content: b.toString('base64') } }];`,
						},
						200,
					),
					typeVersion: 2,
				},
				{
					...node(
						'To File',
						'n8n-nodes-base.convertToFile',
						{
							operation: 'toBinary',
							sourceProperty: 'content',
							options: { fileName: 'E2E large drawing.bin', mimeType: 'application/octet-stream' },
						},
						400,
					),
					typeVersion: 1.1,
				},
				hash('Hash Sent', 'sentSha256', 600),
				node(
					'Upload Document',
					'n8n-nodes-workforce.workforce',
					{
						resource: 'document',
						operation: 'upload',
						parent: 'project',
						project: { __rl: true, mode: 'projectNumber', value: 'P-1002' },
						binaryPropertyName: 'data',
						options: { section: 'E2E large' },
					},
					600,
					workforce,
				),
				node(
					'Download Document',
					'n8n-nodes-workforce.workforce',
					{
						resource: 'document',
						operation: 'download',
						parent: 'project',
						project: { __rl: true, mode: 'projectNumber', value: 'P-1002' },
						fileReferenceId: '={{ $json.files[0].fileReference.id }}',
						binaryPropertyName: 'data',
					},
					800,
					workforce,
				),
				hash('Hash Received', 'receivedSha256', 1000),
			],
			connections: {
				Start: { main: [[{ node: 'Make Bytes', type: 'main', index: 0 }]] },
				'Make Bytes': { main: [[{ node: 'To File', type: 'main', index: 0 }]] },
				'To File': {
					main: [
						[
							{ node: 'Hash Sent', type: 'main', index: 0 },
							{ node: 'Upload Document', type: 'main', index: 0 },
						],
					],
				},
				'Upload Document': { main: [[{ node: 'Download Document', type: 'main', index: 0 }]] },
				'Download Document': { main: [[{ node: 'Hash Received', type: 'main', index: 0 }]] },
			},
			settings: {},
		});

		const started = Date.now();
		const run = asExecution(
			await finishedExecution(main, await startManualRun(main, workflowId, 'Start')),
			workerLogs(),
		);
		const seconds = ((Date.now() - started) / 1000).toFixed(1);
		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		expect(run.worker).toMatch(/^worker-/);
		const [sent] = run.json('Hash Sent');
		const [received] = run.json('Hash Received');
		expect(String(sent.sentSha256)).toMatch(/^[0-9a-f]{64}$/);
		expect(received.receivedSha256).toBe(sent.sentSha256);
		// n8n kept the binary data in its database, not inline in the run data.
		const downloaded = run.runData['Download Document'][0].data!.main![0]![0] as {
			binary?: Record<string, { id?: string; fileSize?: string }>;
		};
		expect(downloaded.binary?.data?.id).toMatch(/^database:/);

		const api = await e2e.emulator.apiRequests();
		const upload = api.find((r) => r.method === 'POST' && r.path.endsWith('/documents'));
		expect(upload?.body).toEqual({
			parts: [
				{
					field: 'file',
					fileName: 'E2E large drawing.bin',
					mimeType: 'application/octet-stream',
					size: SIZE,
				},
			],
		});
		figure(
			`29 MB document (${SIZE} bytes) upload + download on ${run.worker} in database binary mode: ${seconds} s for the whole execution`,
		);
	}, 240_000);
});
