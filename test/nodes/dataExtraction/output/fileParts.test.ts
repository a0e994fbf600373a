import { binaryToBuffer } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import { BinaryDataConfig, BinaryDataService } from 'n8n-core';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

import { executeNode, jsonOf } from '../../../harness/execute';
import { runner, useEmulator } from '../../../support/emulatorFixture';
import { fileBytes, ndjsonRecords, ndjsonSummary, parseCsv } from '../../../support/fileOutput';
import { faultsOn } from '../../../support/pageFaults';

const base = {
	resource: 'dataExtraction',
	operation: 'getTimeRegistrations',
	returnAll: true,
	output: 'file',
	fromDateTime: '2000-01-01T00:00:00Z',
	toDateTime: '2100-01-01T00:00:00Z',
};
const NAME = 'time-registrations_2000-01-01T00-00-00Z_2100-01-01T00-00-00Z';

/** n8n's database store, as in fileBinaryModes.test.ts: collects the stream with n8n's binaryToBuffer, one row per file. */
class DatabaseLikeManager {
	readonly rows = new Map<string, Buffer>();
	async init() {}
	async store(_location: unknown, bufferOrStream: Buffer) {
		const buffer = await binaryToBuffer(bufferOrStream);
		const fileId = `row-${this.rows.size + 1}`;
		this.rows.set(fileId, buffer);
		return { fileId, fileSize: buffer.length };
	}
	async getAsBuffer(fileId: string) {
		return this.rows.get(fileId)!;
	}
}
type Modes = { mode: string; setManager(mode: string, manager: unknown): void };

/**
 * The failure case's own execution: deleting an execution's binary data (as n8n does with the
 * execution) must not delete the files another jest worker's run is writing under the harness's
 * default execution (seen as a run of fileOutput.test.ts failing with no item).
 */
const EXECUTION_ID = `parts-failure-${process.pid}`;

/** Files the filesystem store holds for the failure case's execution (n8n keeps an execution's binary data in its own folder). */
function executionFiles(): string[] {
	const root = Container.get(BinaryDataConfig).localStoragePath;
	try {
		return (readdirSync(root, { recursive: true }) as string[]).filter(
			(name) =>
				name.includes(`/${EXECUTION_ID}/binary_data/`) &&
				!name.endsWith('.metadata') &&
				// A file the store is still writing (`<file>.tmp.<pid>.<uuid>`) is not a stored part.
				!name.includes('.tmp.'),
		);
	} catch {
		return [];
	}
}

const location = { type: 'execution', workflowId: 'test-workflow', executionId: EXECUTION_ID };

describe('Data Extraction > Output File > Split Into Parts', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 3000, pageSize: 500 } });
	const runFile = runner(fx, base);
	let service: Modes;
	let modeBefore: string;
	let items: IDataObject[];

	beforeAll(async () => {
		const binary = Container.get(BinaryDataService);
		await binary.init();
		service = binary as unknown as Modes;
		modeBefore = service.mode;
	});
	// The records item mode outputs (the credential is ready only inside a test).
	beforeEach(async () => {
		if (items) return;
		const { output: _file, ...itemMode } = base;
		const run = await executeNode({
			credentials: fx.credentials,
			parameters: { ...itemMode, options: { chunkLimit: 400 } },
		});
		expect(run.error).toBeUndefined();
		items = jsonOf(run);
		expect(items).toHaveLength(3000);
	});
	afterEach(() => {
		service.mode = modeBefore;
		fx.emulator.ctx.faults.clear();
	});

	const partsOf = async (result: { items: INodeExecutionData[] }, gzip = false) => {
		const records: IDataObject[][] = [];
		for (const item of result.items) records.push(await ndjsonRecords(item, gzip));
		return records;
	};

	it('By Records, NDJSON: parts of exactly that many records, in order, cut inside a page; one item each with its own file and summary', async () => {
		fx.mark();
		const result = await runFile({
			splitParts: 'records',
			partRecords: 1100,
			options: { chunkLimit: 400 },
		});
		expect(result.error).toBeUndefined();
		const parts = await partsOf(result);
		expect(parts.map((p) => p.length)).toEqual([1100, 1100, 800]);
		expect(parts.flat()).toEqual(items);
		// The same pages as one file: parts cost no request.
		expect(fx.apiRequests()).toHaveLength(8);
		result.items.forEach((item, index) => {
			const records = parts[index];
			expect(item.pairedItem).toEqual({ item: 0 });
			expect(item.binary!.data.fileName).toBe(`${NAME}_part-00${index + 1}.ndjson`);
			// Part 2 starts inside page 3 and ends inside page 6.
			const more = { pages: [3, 4, 3][index], part: index + 1, parts: 3 };
			expect(item.json).toEqual(ndjsonSummary(item, records, more));
		});
	});

	it('By Records, CSV: every part a complete CSV with the same header first', async () => {
		const result = await runFile({
			fileFormat: 'csv',
			splitParts: 'records',
			partRecords: 1000,
			options: { chunkLimit: 400 },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		const tables = await Promise.all(
			result.items.map(async (item) => parseCsv((await fileBytes(item)).toString('utf8'))),
		);
		const header = tables[0][0];
		expect(header).toContain('id');
		for (const table of tables) {
			expect(table[0]).toEqual(header);
			expect(table).toHaveLength(1001);
		}
		const ids = tables.flatMap((table) => table.slice(1).map((row) => row[header.indexOf('id')]));
		expect(ids).toEqual(items.map((r) => String(r.id)));
		expect(result.items.map((i) => i.binary!.data.fileName)).toEqual([
			`${NAME}_part-001.csv`,
			`${NAME}_part-002.csv`,
			`${NAME}_part-003.csv`,
		]);
	});

	it('By Records, CSV with page facts: parts cut inside pages, each row its own page’s facts as item mode has them', async () => {
		const { output: _file, ...itemMode } = base;
		const options = { chunkLimit: 400, includePageFacts: true };
		const run = await executeNode({
			credentials: fx.credentials,
			parameters: { ...itemMode, options },
		});
		expect(run.error).toBeUndefined();
		const expected = jsonOf(run);
		const result = await runFile({
			fileFormat: 'csv',
			splitParts: 'records',
			partRecords: 1000,
			options,
		});
		expect(result.error).toBeUndefined();
		const tables = await Promise.all(
			result.items.map(async (item) => parseCsv((await fileBytes(item)).toString('utf8'))),
		);
		const header = tables[0][0];
		const column = (name: string) => header.indexOf(name);
		const rows = tables.flatMap((table) => table.slice(1));
		expect(tables.map((table) => table.length)).toEqual([1001, 1001, 1001]);
		expect(rows.map((row) => row[column('id')])).toEqual(expected.map((r) => String(r.id)));
		// Part 1 ends in the middle of page 3: the rows of part 2 from that page keep its facts.
		expect(rows.map((row) => row[column('_page')])).toEqual(
			expected.map((r) => JSON.stringify(r._page)),
		);
		expect(new Set(expected.map((r) => JSON.stringify(r._page))).size).toBe(8);
		expect(rows.every((row) => row[column('_extra')] === '')).toBe(true);
	});

	it('By Records, gzip in database mode: every part a gzip file of its own, stored as its own row', async () => {
		const database = new DatabaseLikeManager();
		service.setManager('database', database);
		service.mode = 'database';
		const result = await runFile({
			compress: true,
			splitParts: 'records',
			partRecords: 1500,
			options: { chunkLimit: 500 },
		});
		expect(result.error).toBeUndefined();
		expect(database.rows.size).toBe(2);
		for (const item of result.items) {
			expect(item.binary!.data.id).toMatch(/^database:/);
			expect(gunzipSync(await fileBytes(item)).length).toBe(item.json.uncompressedBytes);
		}
		expect((await partsOf(result, true)).flat()).toEqual(items);
		expect(result.items.map((i) => i.binary!.data.fileName)).toEqual([
			`${NAME}_part-001.ndjson.gz`,
			`${NAME}_part-002.ndjson.gz`,
		]);
	});

	it('Limit: the last part holds what is left, and no page after the Limit is asked for', async () => {
		fx.mark();
		const result = await runFile({
			returnAll: false,
			limit: 2100,
			splitParts: 'records',
			partRecords: 1000,
			options: { chunkLimit: 500 },
		});
		expect(result.error).toBeUndefined();
		const parts = await partsOf(result);
		expect(parts.map((p) => p.length)).toEqual([1000, 1000, 100]);
		expect(parts.flat()).toEqual(items.slice(0, 2100));
		expect(fx.apiRequests()).toHaveLength(5);
	});

	it('Automatic where n8n streams to disk (filesystem), and No Split: one file, the item exactly as before parts existed', async () => {
		for (const splitParts of [undefined, 'auto', 'none']) {
			const result = await runFile({
				...(splitParts ? { splitParts } : {}),
				options: { chunkLimit: 400 },
			});
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(1);
			expect(result.items[0].binary!.data.id).toMatch(/^filesystem/);
			expect(result.items[0].binary!.data.fileName).toBe(`${NAME}.ndjson`);
			expect(Object.keys(result.items[0].json).sort()).toEqual(
				[
					'bytes',
					'compressed',
					'deletedRecords',
					'firstModified',
					'format',
					'lastModified',
					'pages',
					'records',
					'uncompressedBytes',
				].sort(),
			);
			expect(await ndjsonRecords(result.items[0])).toEqual(items);
		}
	});

	it('Automatic where the store holds a file in memory (database): a run under the part size stays one file', async () => {
		const database = new DatabaseLikeManager();
		service.setManager('database', database);
		service.mode = 'database';
		const result = await runFile({ options: { chunkLimit: 400 } });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(database.rows.size).toBe(1);
		expect(result.items[0].binary!.data.fileName).toBe(`${NAME}.ndjson`);
		expect(await ndjsonRecords(result.items[0])).toEqual(items);
	});

	it('a page that fails after two parts: the run fails with no item; the parts stored are in the execution’s binary data, which n8n deletes with the execution', async () => {
		const binary = Container.get(BinaryDataService);
		await binary.deleteMany([location as never]);
		expect(executionFiles()).toEqual([]);
		// Page 6 of 8 fails every attempt: parts 1 and 2 (pages 1 to 4) are stored by then.
		faultsOn(fx)({ skip: 5, count: 100, action: { kind: 'status', status: 500 } });
		const result = await runFile(
			{
				splitParts: 'records',
				partRecords: 800,
				options: { chunkLimit: 400, retries: 1, retryDelay: 1 },
			},
			{ executionId: EXECUTION_ID },
		);
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/page 6 still failed after 2 attempts/);
		// Nothing refers to them: no item was output. n8n removes an execution's binary data by its location.
		// Parts 1 and 2 are stored; part 3 (pages 5 and 6) is there too when the store had opened it before
		// page 6 failed, which depends on timing: every file is under the execution's location either way.
		const stored = executionFiles();
		expect(stored.length).toBeGreaterThanOrEqual(2);
		expect(stored.length).toBeLessThanOrEqual(3);
		await binary.deleteMany([location as never]);
		expect(executionFiles()).toEqual([]);
	});

	it.each([
		[
			'Records per Part below one page',
			{ splitParts: 'records', partRecords: 300 },
			/Records per Part \(300\) is below one page \(400 records\)/,
		],
		[
			'Records per Part not a number',
			{ splitParts: 'records', partRecords: 'many' },
			/Records per Part must be a whole number, not "many"/,
		],
		[
			'Part Size below one page',
			{ splitParts: 'size', partSizeMiB: 4 },
			/Part Size \(MiB\) must be from 16 to 512, not 4/,
		],
		[
			'Part Size above the database store’s limit',
			{ splitParts: 'size', partSizeMiB: 1024 },
			/Part Size \(MiB\) must be from 16 to 512, not 1024/,
		],
		[
			'Part Size not a number',
			{ splitParts: 'size', partSizeMiB: '128 MB' },
			/Part Size \(MiB\) must be a number, not "128 MB"/,
		],
		['an unknown split', { splitParts: 'daily' }, /Split Into Parts has an unknown value "daily"/],
	])('%s: a clear error naming the field, before any request', async (_label, split, message) => {
		fx.mark();
		const result = await runFile({ ...split, options: { chunkLimit: 400 } });
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(message);
		expect(fx.apiRequests()).toEqual([]);
	});
});

describe('Data Extraction > Output File > Split Into Parts By Size', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 30000, pageSize: 2500 } });
	const runFile = runner(fx, base);

	it('parts end at a page boundary before the size is passed; every record once, in order', async () => {
		const { output: _file, ...itemMode } = base;
		const items = jsonOf(await executeNode({ credentials: fx.credentials, parameters: itemMode }));
		const result = await runFile({ splitParts: 'size', partSizeMiB: 16 });
		expect(result.error).toBeUndefined();
		const limit = 16 * 1024 * 1024;
		const total = result.items.reduce((sum, item) => sum + Number(item.json.bytes), 0);
		expect(result.items.length).toBeGreaterThanOrEqual(Math.max(2, Math.ceil(total / limit)));
		const records: IDataObject[] = [];
		for (const item of result.items) {
			expect(Number(item.json.bytes)).toBeLessThanOrEqual(limit);
			// Whole pages: 2,500 records each (the last part what is left).
			expect(Number(item.json.records) % 2500 === 0 || item === result.items.at(-1)).toBe(true);
			records.push(...(await ndjsonRecords(item)));
		}
		expect(records).toEqual(items);
	});
});
