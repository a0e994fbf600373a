import { randomUUID } from 'node:crypto';

import { mainServer, useE2e } from '../support/e2e';
import { E2E_TIME_REGISTRATIONS } from '../support/emulatorProcess';
import { asExecution, finishedExecution, startManualRun } from '../support/restRunner';
import { postgres, workerLogs } from './queueSupport';

type Row = Record<string, unknown>;
interface Binary {
	id?: string;
	fileName?: string;
	bytes?: number;
}

/** Records per page and per part: 3,000 records make three parts of two pages each. */
const CHUNK = 500;
const PART = 1000;

/**
 * File output in parts on a worker, binary data in the database (queue mode's default): every
 * part is read back by n8n's own nodes in the next step (Extract From File for CSV; Compression,
 * then Extract From File for gzipped NDJSON), and together the parts hold every record the service
 * holds, each once, in order. A run that fails after some parts leaves rows in `binary_data` that
 * nothing refers to; n8n deletes them with the execution (shown here through the executions API).
 */
describe('Queue mode: File output in parts, read back by n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());
	afterEach(() => e2e.emulator.clearFaults());

	const node = (
		name: string,
		type: string,
		parameters: Record<string, unknown>,
		x: number,
		y: number,
		extra: Record<string, unknown> = {},
	) => ({
		id: randomUUID(),
		name,
		type,
		typeVersion: 1,
		position: [x, y],
		parameters,
		...extra,
	});
	const workforce = (
		name: string,
		parameters: Record<string, unknown>,
		y: number,
		credential: { id: string; name: string },
	) =>
		node(
			name,
			'n8n-nodes-workforce.workforce',
			{
				resource: 'dataExtraction',
				operation: 'getTimeRegistrations',
				returnAll: true,
				output: 'file',
				splitParts: 'records',
				partRecords: PART,
				...parameters,
			},
			200,
			y,
			{ credentials: { workforceApi: { id: credential.id, name: credential.name } } },
		);

	it('CSV parts and gzipped NDJSON parts: each part read by Extract From File holds its records; all parts, every record once', async () => {
		const main = await mainServer();
		const { credential } = e2e.state;
		const workflowId = await main.createWorkflow({
			name: 'E2E queue: File output in parts',
			nodes: [
				node('Start', 'n8n-nodes-base.manualTrigger', {}, 0, 0),
				workforce(
					'Parts CSV',
					{ fileFormat: 'csv', options: { chunkLimit: CHUNK } },
					-120,
					credential,
				),
				{
					...node(
						'CSV Rows',
						'n8n-nodes-base.extractFromFile',
						{ operation: 'csv', binaryPropertyName: 'data', options: { includeEmptyCells: true } },
						400,
						-120,
					),
					typeVersion: 1.1,
				},
				workforce(
					'Parts NDJSON Gzip',
					{ fileFormat: 'ndjson', compress: true, options: { chunkLimit: CHUNK } },
					120,
					credential,
				),
				{
					...node(
						'Decompress',
						'n8n-nodes-base.compression',
						{ operation: 'decompress', binaryPropertyName: 'data', outputPrefix: 'file_' },
						400,
						120,
					),
					typeVersion: 1.1,
				},
				{
					...node(
						'NDJSON Text',
						'n8n-nodes-base.extractFromFile',
						{
							operation: 'text',
							binaryPropertyName: 'file_0',
							destinationKey: 'text',
							options: { encoding: 'utf8', keepSource: 'json' },
						},
						600,
						120,
					),
					typeVersion: 1.1,
				},
			],
			connections: {
				Start: {
					main: [
						[
							{ node: 'Parts CSV', type: 'main', index: 0 },
							{ node: 'Parts NDJSON Gzip', type: 'main', index: 0 },
						],
					],
				},
				'Parts CSV': { main: [[{ node: 'CSV Rows', type: 'main', index: 0 }]] },
				'Parts NDJSON Gzip': { main: [[{ node: 'Decompress', type: 'main', index: 0 }]] },
				Decompress: { main: [[{ node: 'NDJSON Text', type: 'main', index: 0 }]] },
			},
			settings: {},
		});
		const run = asExecution(
			await finishedExecution(main, await startManualRun(main, workflowId, 'Start')),
			workerLogs(),
		);
		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		expect(run.worker).toMatch(/^worker-/);

		// What the service holds now (other files may have changed a few): one page, read after the run.
		const page = (await e2e.emulator.extractionGet('/v1/time-registrations?ChunkLimit=10000')) as {
			data: Row[];
		};
		const records = page.data;
		expect(records.length).toBeGreaterThanOrEqual(E2E_TIME_REGISTRATIONS - 5);
		const ids = records.map((r) => String(r.id));
		const parts = Math.ceil(records.length / PART);
		expect(parts).toBeGreaterThanOrEqual(3);

		for (const name of ['Parts CSV', 'Parts NDJSON Gzip']) {
			const items = run.runData[name][0].data!.main![0]! as Array<{
				json: Row;
				binary: Record<string, Binary>;
			}>;
			expect(items).toHaveLength(parts);
			items.forEach((item, index) => {
				expect(item.binary.data.id).toMatch(/^database:/);
				expect(item.binary.data.fileName).toMatch(
					new RegExp(`_part-00${index + 1}\\.(csv|ndjson\\.gz)$`),
				);
				expect(item.json).toMatchObject({
					records: Math.min(PART, records.length - index * PART),
					part: index + 1,
					parts,
					bytes: item.binary.data.bytes,
				});
			});
		}

		// CSV: Extract From File reads each part (header in each) into rows; in order, every record once.
		const rows = run.json('CSV Rows');
		expect(rows.map((r) => r.id)).toEqual(ids);
		expect(Object.keys(rows[PART])).toEqual(Object.keys(rows[0]));

		// NDJSON gzip: Compression unpacks each part on its own, Extract From File gives its text.
		const texts = run.json('NDJSON Text').map((j) => String(j.text));
		expect(texts).toHaveLength(parts);
		const lines = texts.flatMap((text) => {
			expect(text.endsWith('\n')).toBe(true);
			return text
				.slice(0, -1)
				.split('\n')
				.map((line) => JSON.parse(line) as Row);
		});
		expect(lines).toEqual(records);
	});

	it('a page that fails after three parts: no item; the stored parts go with the execution when n8n deletes it', async () => {
		const main = await mainServer();
		const { credential } = e2e.state;
		const workflowId = await main.createWorkflow({
			name: 'E2E queue: File output in parts, failing',
			nodes: [
				node('Start', 'n8n-nodes-base.manualTrigger', {}, 0, 0),
				workforce(
					'Parts',
					{ partRecords: CHUNK, options: { chunkLimit: CHUNK, retries: 0 } },
					0,
					credential,
				),
			],
			connections: { Start: { main: [[{ node: 'Parts', type: 'main', index: 0 }]] } },
			settings: {},
		});
		// Page 4 fails: parts 1 to 3 (one page each) are stored by then.
		await e2e.emulator.post('/faults', {
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 3,
			count: 100,
			action: { kind: 'status', status: 500 },
		});
		const run = asExecution(
			await finishedExecution(main, await startManualRun(main, workflowId, 'Start')),
			workerLogs(),
		);
		expect(run.status).toBe('error');
		expect(run.error?.message).toMatch(/page 4/);
		expect(run.runData.Parts?.[0]?.data?.main?.[0] ?? []).toEqual([]);

		const db = await postgres('n8n');
		try {
			const stored = async () =>
				Number(
					(
						await db.query(
							`SELECT count(*) AS n FROM binary_data WHERE "sourceType" = 'execution' AND "sourceId" = $1`,
							[run.executionId],
						)
					).rows[0].n,
				);
			expect(await stored()).toBe(3);
			await main.rest('POST', '/rest/executions/delete', { ids: [run.executionId] });
			expect(await stored()).toBe(0);
		} finally {
			await db.end();
		}
	});
});
