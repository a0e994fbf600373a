import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { executeNode } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import { fileBytes, ndjsonRecords, parseCsv } from '../../../support/fileOutput';
import { PageBytes } from '../../../../nodes/Workforce/resources/dataExtraction/output/fileDecoder';
import { scanPage } from '../../../../nodes/Workforce/resources/dataExtraction/output/pageScan';
import { SUMMARY_FIELDS } from '../../../../nodes/Workforce/resources/dataExtraction/output/summary';

/**
 * Every File run reads pages through the scan; a page the scan declines is parsed instead. Whatever
 * the format and shaping, the two must give the very same file and summary: the same pages are
 * served once as the scan takes them and once with an envelope field nested deeper than the scan
 * follows (JSON.parse reads it; no record changes), each page alone and all together.
 */

const PAGES: IDataObject[][] = [
	[
		{ id: 'r1', modifiedDateTime: '2026-01-02T03:04:05.000Z', description: 'plain', hours: 4.5 },
		{
			id: 'r2',
			modifiedDateTime: '2026-01-03T00:00:00+02:00',
			description: 'He said "stop", then left,\nearly',
			tags: ['a', 'b'],
		},
		{ id: 'r3', isDeleted: true, modifiedDateTime: '2025-12-31T23:00:00Z', description: null },
	],
	[
		{ id: 'r4', parentModifiedDateTime: '2026-02-01T00:00:00.000Z', late: { nested: 1 } },
		{ id: 'r5', modifiedDateTime: '', createdDateTime: '2025-12-01T00:00:00Z', hours: 0 },
		{ id: 'r6', isDeleted: false, modifiedDateTime: '2026-01-15T12:00:00.000Z', ünïcode: 'ä€𝄞' },
	],
	[
		{ id: 'r7', modifiedDateTime: '2026-01-20T00:00:00.000Z', description: 'last' },
		{ id: 'r8', isDeleted: true, modifiedDateTime: '2026-03-01T00:00:00.000Z' },
	],
];

/** Deeper than the scan follows (it declines the page), well within what JSON.parse reads. */
const DEEP = JSON.parse('['.repeat(600) + ']'.repeat(600)) as unknown[];

function page(index: number, declined: boolean): IDataObject {
	const data = PAGES[index];
	return {
		data,
		continuationToken: index + 1 < PAGES.length ? `page-${index + 2}` : '',
		syncTypeName: 'full',
		recordCount: data.length,
		deletedRecordCount: data.filter((record) => record.isDeleted === true).length,
		...(declined ? { deep: DEEP } : {}),
	};
}

const base = { resource: 'dataExtraction', operation: 'getTimeRegistrations', returnAll: true };
const runs: Record<string, IDataObject> = {
	CSV: { output: 'file', fileFormat: 'csv' },
	'CSV with page facts, in parts cut inside pages': {
		output: 'file',
		fileFormat: 'csv',
		splitParts: 'records',
		partRecords: 2,
		// Records per Part may not be below a page's asked size.
		options: { includePageFacts: true, chunkLimit: 2 },
	},
	'NDJSON with page facts': { output: 'file', options: { includePageFacts: true } },
};

describe('Data Extraction > Output File: a page the scan declines is written as a scanned one', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 10, pageSize: 500 } });
	afterEach(() => fx.emulator.ctx.faults.clear());

	/** The next run reads PAGES, the pages in `declined` written so that the scan declines them. */
	const serve = (declined: number[]) => {
		const { faults } = fx.emulator.ctx;
		PAGES.forEach((_, index) => {
			const action = {
				kind: 'status' as const,
				status: 200,
				body: page(index, declined.includes(index)),
			};
			if (index > 0) faults.add({ query: { ContinuationToken: `page-${index + 1}` }, action });
		});
		faults.add({
			path: 'time-registrations',
			action: { kind: 'status', status: 200, body: page(0, declined.includes(0)) },
		});
	};

	const run = async (parameters: IDataObject, declined: number[]) => {
		serve(declined);
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, ...parameters },
		});
		expect(result.error).toBeUndefined();
		return result.items;
	};

	const files = async (items: INodeExecutionData[]) =>
		Promise.all(
			items.map(async (item) => ({
				text: (await fileBytes(item)).toString('utf8'),
				json: item.json,
			})),
		);

	it('the pages as served: the scan takes the plain ones and declines the deep ones, JSON.parse reads both alike', () => {
		PAGES.forEach((_, index) => {
			const plain = Buffer.from(JSON.stringify(page(index, false)));
			const deep = Buffer.from(JSON.stringify(page(index, true)));
			expect(scanPage(new PageBytes(plain), SUMMARY_FIELDS)?.records).toEqual(PAGES[index]);
			expect(scanPage(new PageBytes(deep), SUMMARY_FIELDS)).toBeUndefined();
			expect((JSON.parse(deep.toString('utf8')) as IDataObject).data).toEqual(PAGES[index]);
		});
	});

	it.each(Object.entries(runs))(
		'%s: the same files and summaries whichever pages the scan declines',
		async (_, parameters) => {
			const scanned = await files(await run(parameters, []));
			expect(scanned.map((file) => file.json.records)).toEqual(
				parameters.splitParts ? [2, 2, 2, 2] : [8],
			);
			for (const declined of [[0], [1], [2], [0, 1, 2]])
				expect({ declined, files: await files(await run(parameters, declined)) }).toEqual({
					declined,
					files: scanned,
				});
		},
	);

	it('what those files hold is what item mode outputs: records, CSV rows, deleted records and the span of modification times', async () => {
		const items = (await run({ options: { includePageFacts: true } }, [])).map((item) => item.json);
		expect(items.map((record) => record.id)).toEqual(PAGES.flat().map((record) => record.id));
		const [ndjson] = await run(runs['NDJSON with page facts'], [1]);
		expect(await ndjsonRecords(ndjson)).toEqual(items);
		expect(ndjson.json).toMatchObject({
			records: 8,
			deletedRecords: 2,
			pages: 3,
			firstModified: '2025-12-01T00:00:00Z',
			lastModified: '2026-03-01T00:00:00.000Z',
		});
		const [csv] = await run(runs.CSV, [1]);
		const rows = parseCsv((await fileBytes(csv)).toString('utf8'));
		const columns = [...new Set(PAGES[0].flatMap((record) => Object.keys(record)))];
		expect(rows[0]).toEqual([...columns, '_extra']);
		expect(rows[5]).toEqual([
			'r5',
			'',
			'',
			'0',
			'',
			'',
			'{"createdDateTime":"2025-12-01T00:00:00Z"}',
		]);
		expect(rows[2][2]).toBe('He said "stop", then left,\nearly');
	});
});
