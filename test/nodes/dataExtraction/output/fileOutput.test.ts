import type { IDataObject } from 'n8n-workflow';

import { jsonOf } from '../../../harness/execute';
import { runner, useEmulator, type Fixture } from '../../../support/emulatorFixture';
import { ndjsonRecords, ndjsonSummary } from '../../../support/fileOutput';

const base = { resource: 'dataExtraction', operation: 'getTimeRegistrations' };
const file = { output: 'file', fileFormat: 'ndjson' };

/**
 * The same run in item mode, then as a file (the requests marked in between): what the file must
 * hold record for record, and the file's run.
 */
const itemsAndFile =
	(fx: Fixture, run: ReturnType<typeof runner>) => async (parameters: Record<string, unknown>) => {
		const items = jsonOf(await run(parameters));
		fx.mark();
		return { items, result: await run({ ...parameters, ...file }) };
	};

describe('Data Extraction > Output File: the same records as item mode, in one file per input item', () => {
	// Frozen: an image seeded as just uploaded gets its road reference 2 s after the start, which
	// must not fall between the item-mode read and the file read of the same images.
	const fx = useEmulator({ clock: 'frozen', workData: { timeRegistrations: 3000, pageSize: 500 } });
	const run = runner(fx, base);
	const asItemsAndFile = itemsAndFile(fx, run);

	it('Return All: the NDJSON file holds exactly what item mode outputs, record for record, in order; one item with a summary', async () => {
		const { items, result } = await asItemsAndFile({
			returnAll: true,
			fromDateTime: '2000-01-01T00:00:00Z',
			toDateTime: '2100-01-01T00:00:00Z',
			options: { chunkLimit: 400 },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const [item] = result.items;
		expect(item.pairedItem).toEqual({ item: 0 });
		const records = await ndjsonRecords(item);
		expect(records).toEqual(items);
		expect(item.json).toEqual(ndjsonSummary(item, records, { records: 3000, pages: 8 }));
		expect(item.binary!.data).toMatchObject({
			fileName: 'time-registrations_2000-01-01T00-00-00Z_2100-01-01T00-00-00Z.ndjson',
			mimeType: 'application/x-ndjson',
		});
		// The same pages as item mode: a file costs no extra request.
		expect(fx.apiRequests()).toHaveLength(8);
	});

	it('one file per input item, each paired with its item; a window with no records gives an empty file', async () => {
		const result = await run(
			{
				...file,
				returnAll: true,
				fromDateTime: '={{ $json.from }}',
				toDateTime: '={{ $json.to }}',
			},
			{
				items: [
					{ json: { from: '2000-01-01T00:00:00Z', to: '2001-01-01T00:00:00Z' } },
					{ json: { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' } },
				],
			},
		);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(result.items[0].json).toMatchObject({
			records: 0,
			pages: 1,
			bytes: 0,
			firstModified: null,
			lastModified: null,
		});
		expect(await ndjsonRecords(result.items[0])).toEqual([]);
		expect((await ndjsonRecords(result.items[1])).length).toBe(3000);
	});

	it('Get Records (Other Endpoint) and Get Images write files too, named after the endpoint', async () => {
		const records = await asItemsAndFile({
			operation: 'getRecords',
			endpoint: 'v1/project',
			returnAll: true,
		});
		expect(records.result.items[0].binary!.data.fileName).toBe('project_all.ndjson');
		expect(await ndjsonRecords(records.result.items[0])).toEqual(records.items);

		const images = await asItemsAndFile({ operation: 'getImages', returnAll: true });
		expect(images.result.items[0].binary!.data.fileName).toBe('images_all.ndjson');
		const rows = await ndjsonRecords(images.result.items[0]);
		expect(rows.length).toBeGreaterThan(0);
		expect(rows).toEqual(images.items);
		expect(images.result.items[0].json).toMatchObject({ records: rows.length });
		// Download Image belongs to item mode (hidden with File, so n8n drops it): the file holds the rows, no image is fetched.
		fx.mark();
		const withDownload = await run({
			operation: 'getImages',
			returnAll: true,
			...file,
			downloadImage: 'thumbnail',
		});
		expect(await ndjsonRecords(withDownload.items[0])).toEqual(rows);
		expect(fx.apiRequests().filter((r) => r.api === 'integration')).toHaveLength(0);
	});

	it('bad settings are refused before any request, naming the field', async () => {
		fx.mark();
		const field = await run({ returnAll: true, ...file, fileField: ' ' });
		expect(field.error?.message).toBe('Put File in Field is empty');
		const format = await run({ returnAll: true, ...file, fileFormat: 'xml' });
		expect(format.error?.message).toBe('File Format has an unknown value "xml"');
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('the file goes into the field named by Put File in Field', async () => {
		const result = await run({ returnAll: false, limit: 5, ...file, fileField: 'export' });
		expect(Object.keys(result.items[0].binary ?? {})).toEqual(['export']);
		expect((result.items[0].json as IDataObject).records).toBe(5);
	});
});

describe('Data Extraction > Output File: incremental mode', () => {
	// Its own emulator: the case deletes and changes records, which the full reads above count.
	const fx = useEmulator({ workData: { timeRegistrations: 100, pageSize: 500 } });
	const asItemsAndFile = itemsAndFile(fx, runner(fx, base));

	it('Limit, page facts and incremental mode: the file holds what item mode outputs (tombstones counted as deleted records)', async () => {
		const data = fx.emulator.ctx.sections.workData.data;
		const clock = fx.emulator.ctx.clock;
		clock.advance(3_600_000);
		const since = clock.nowIso();
		data.deleteTimeRegistrations([data.timeRegistrationId(1), data.timeRegistrationId(2)]);
		clock.advance(1000);
		data.changeTimeRegistrations([data.timeRegistrationId(3)], { description: 'Corrected' });
		clock.advance(1000);
		const { items, result } = await asItemsAndFile({
			returnAll: false,
			limit: 3,
			options: { modifiedSince: since, includePageFacts: true, chunkLimit: 2 },
		});
		expect(items).toHaveLength(3);
		const records = await ndjsonRecords(result.items[0]);
		expect(records).toEqual(items);
		expect(result.items[0].json).toMatchObject({ records: 3, deletedRecords: 2, pages: 2 });
		expect(result.items[0].binary!.data.fileName).toBe(
			`time-registrations_modified_${since.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}_now.ndjson`,
		);
	});
});
