import { BinaryDataConfig } from 'n8n-core';
import { binaryToBuffer } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { jsonOf } from '../../../harness/execute';
import { runner, useEmulator } from '../../../support/emulatorFixture';
import { ndjsonRecords } from '../../../support/fileOutput';
import { faultsOn } from '../../../support/pageFaults';

const parameters = {
	resource: 'dataExtraction',
	operation: 'getTimeRegistrations',
	returnAll: true,
	output: 'file',
	options: { chunkLimit: 200, retries: 2, retryDelay: 1 },
};

/** Files this process's filesystem store left half-written (n8n writes `<file>.tmp.<pid>.<uuid>`, then renames). */
function halfWritten(): string[] {
	const root = Container.get(BinaryDataConfig).localStoragePath;
	let entries: string[] = [];
	try {
		entries = readdirSync(root, { recursive: true }) as string[];
	} catch {
		return [];
	}
	return entries
		.filter((name) => name.includes(`.tmp.${process.pid}.`))
		.map((name) => join(root, name));
}

describe('Data Extraction > Output File: a page that fails after its retries leaves no file', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 1000, pageSize: 500 } });
	const run = runner(fx, parameters);
	const fail = faultsOn(fx);

	beforeAll(async () => {
		await Container.get(BinaryDataService).init();
	});

	it('the run fails naming the page and how far it got; no item, no half-written file, no further page asked for', async () => {
		fail({ skip: 2, count: 100, action: { kind: 'status', status: 500 } });
		const result = await run();
		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(
			/page 3 still failed after 3 attempts \(2 pages and 400 records received before it stopped\)/,
		);
		expect(halfWritten()).toEqual([]);
		// Pages 1 and 2, then three attempts at page 3: nothing after it.
		expect(fx.apiRequests()).toHaveLength(5);
	});

	it('with Continue On Fail: an error item for that input item, a complete file for the next one', async () => {
		fail({ skip: 1, count: 3, action: { kind: 'drop' } });
		const result = await run({}, { items: [{ json: {} }, { json: {} }], continueOnFail: true });
		expect(result.items).toHaveLength(2);
		expect(result.items[0].binary).toBeUndefined();
		expect(result.items[0].json.error).toMatch(/page 2 still failed after 3 attempts/);
		expect(result.items[1].json).toMatchObject({ records: 1000, pages: 5 });
		expect(await ndjsonRecords(result.items[1])).toHaveLength(1000);
		expect(halfWritten()).toEqual([]);
	});

	it('faults within the retries (500, an answer cut off half-way, expired tokens) still give the complete file, each record once', async () => {
		const reference = jsonOf(await run({ output: 'items' }));
		fail(
			{ skip: 1, action: { kind: 'status', status: 503 } },
			{ skip: 3, action: { kind: 'truncate' } },
			{ skip: 4, action: { kind: 'expireTokens' } },
		);
		const result = await run({ compress: true });
		expect(result.error).toBeUndefined();
		expect(await ndjsonRecords(result.items[0], true)).toEqual(reference);
	});

	it('in database mode (queue mode) the failed file is not stored either', async () => {
		const service = Container.get(BinaryDataService) as unknown as {
			mode: string;
			setManager(mode: string, manager: unknown): void;
		};
		const rows: Buffer[] = [];
		service.setManager('database', {
			init: async () => {},
			store: async (_location: unknown, body: Buffer) => {
				const buffer = await binaryToBuffer(body);
				rows.push(buffer);
				return { fileId: String(rows.length), fileSize: buffer.length };
			},
		});
		const before = service.mode;
		service.mode = 'database';
		try {
			fail({ skip: 3, count: 100, action: { kind: 'status', status: 502 } });
			const result = await run();
			expect(result.items).toEqual([]);
			expect(result.error?.message).toMatch(/page 4 still failed/);
			expect(rows).toEqual([]);
		} finally {
			service.mode = before;
		}
	});
});
