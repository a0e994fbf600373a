import type { IDataObject } from 'n8n-workflow';
import { gunzipSync } from 'node:zlib';

import { executeNode, jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import { fileBytes, ndjsonRecords, parseCsv } from '../../../support/fileOutput';

const base = { resource: 'dataExtraction', operation: 'getTimeRegistrations' };

describe('Data Extraction > Output File: gzip and CSV', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000, pageSize: 500 } });

	it('gzip round trip: the .gz file unpacks to the very NDJSON records item mode outputs; bytes is the stored size', async () => {
		const parameters = { ...base, returnAll: true, options: { chunkLimit: 300 } };
		const items = jsonOf(await executeNode({ credentials: fx.credentials, parameters }));
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...parameters, output: 'file', compress: true },
		});
		const [item] = result.items;
		expect(item.binary!.data).toMatchObject({
			fileName: 'time-registrations_all.ndjson.gz',
			mimeType: 'application/gzip',
		});
		const stored = await fileBytes(item);
		expect(stored.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
		expect(await ndjsonRecords(item, true)).toEqual(items);
		expect(item.json).toMatchObject({
			records: 2000,
			pages: 7,
			bytes: stored.length,
			uncompressedBytes: gunzipSync(stored).length,
			compressed: true,
			format: 'ndjson',
		});
		expect(stored.length * 5).toBeLessThan(gunzipSync(stored).length);
	});

	it('CSV of full records: every key a column, nothing in _extra; gzip works with CSV too', async () => {
		const parameters = { ...base, returnAll: false, limit: 40 };
		const items = jsonOf(await executeNode({ credentials: fx.credentials, parameters }));
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...parameters, output: 'file', fileFormat: 'csv', compress: true },
		});
		expect(result.items[0].binary!.data.fileName).toBe('time-registrations_all.csv.gz');
		const rows = parseCsv(gunzipSync(await fileBytes(result.items[0])).toString('utf8'));
		expect(rows[0]).toEqual([...Object.keys(items[0]), '_extra']);
		expect(rows.slice(1).every((row) => row[row.length - 1] === '')).toBe(true);
		expect(rows.slice(1).map((row) => row[0])).toEqual(
			items.map((r) => String(r[Object.keys(items[0])[0]])),
		);
	});
});

describe('Data Extraction > Output File: CSV of incremental records', () => {
	// Its own emulator: the case deletes and changes records, which the full reads above count.
	const fx = useEmulator({ workData: { timeRegistrations: 100, pageSize: 500 } });

	it('CSV: columns are the keys of the first page in order; keys first seen later go into _extra as JSON; values as item mode has them', async () => {
		const data = fx.emulator.ctx.sections.workData.data;
		const clock = fx.emulator.ctx.clock;
		clock.advance(3_600_000);
		const since = clock.nowIso();
		// Oldest change first: two tombstones (id, isDeleted, deletedDateTime, modifiedDateTime) fill page 1, live records follow.
		data.deleteTimeRegistrations([data.timeRegistrationId(10), data.timeRegistrationId(11)]);
		clock.advance(1000);
		data.changeTimeRegistrations([data.timeRegistrationId(12), data.timeRegistrationId(13)], {
			description: 'He said "stop", then left,\nearly',
		});
		clock.advance(1000);
		const parameters = {
			...base,
			returnAll: true,
			options: { modifiedSince: since, chunkLimit: 2 },
		};
		const items = jsonOf(await executeNode({ credentials: fx.credentials, parameters }));
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...parameters, output: 'file', fileFormat: 'csv' },
		});
		const [item] = result.items;
		expect(item.binary!.data).toMatchObject({ mimeType: 'text/csv' });
		expect(item.binary!.data.fileName).toMatch(/^time-registrations_modified_.*_now\.csv$/);
		const rows = parseCsv((await fileBytes(item)).toString('utf8'));
		const firstPageKeys = [...new Set(items.slice(0, 2).flatMap((r) => Object.keys(r)))];
		expect(rows[0]).toEqual([...firstPageKeys, '_extra']);
		expect(rows).toHaveLength(1 + items.length);
		// Each row read back (columns plus _extra) is the record item mode output; absent columns are empty.
		const back = rows.slice(1).map((row) => {
			const record: IDataObject = {};
			firstPageKeys.forEach((key, i) => {
				if (row[i] !== '') record[key] = row[i];
			});
			return {
				record,
				extra:
					row[firstPageKeys.length] === ''
						? {}
						: (JSON.parse(row[firstPageKeys.length]) as IDataObject),
			};
		});
		items.forEach((record, i) => {
			const { record: columns, extra } = back[i];
			const flat: IDataObject = {};
			for (const [key, value] of Object.entries(record)) {
				if (firstPageKeys.includes(key)) {
					if (value !== null && value !== undefined)
						flat[key] = typeof value === 'object' ? JSON.stringify(value) : String(value as string);
				}
			}
			expect(columns).toEqual(flat);
			const later = Object.fromEntries(
				Object.entries(record).filter(([key]) => !firstPageKeys.includes(key)),
			);
			expect(extra).toEqual(later);
		});
		expect(back[2].extra).toHaveProperty('description', 'He said "stop", then left,\nearly');
	});
});
