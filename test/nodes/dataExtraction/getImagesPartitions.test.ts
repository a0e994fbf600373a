import { executeNode, jsonOf } from '../../harness/execute';
import { rowKey } from '../../support/imagesClient';
import { useEmulator } from '../../support/emulatorFixture';

const base = { resource: 'dataExtraction', operation: 'getImages', returnAll: true };

/** Get Images with Partition By: the same rows as one stream, in the same order, each once. */
describe('Data Extraction > Get Images: partitions', () => {
	const fx = useEmulator({ images: { parentsPerSource: 40 } });

	it.each([
		[
			'a full load by Equal Parts',
			{ fromDateTime: '2000-01-01T00:00:00Z', toDateTime: '2100-01-01T00:00:00Z' },
			{},
		],
		['incremental by Equal Parts', {}, { modifiedSince: '2000-01-01T00:00:00Z' }],
	])('%s: every row once, in the order of one stream', async (_name, window, options) => {
		const single = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, ...window, options: { ...options, chunkLimit: 7 } },
		});
		fx.mark();
		const parted = await executeNode({
			credentials: fx.credentials,
			parameters: {
				...base,
				...window,
				options: { ...options, chunkLimit: 7, partitionBy: 'parts', partitionCount: 6 },
			},
		});
		expect(parted.error).toBeUndefined();
		const keys = jsonOf(single).map((r) => rowKey(r));
		expect(keys.length).toBeGreaterThan(20);
		expect(new Set(keys).size).toBe(keys.length);
		const partedKeys = jsonOf(parted).map((r) => rowKey(r));
		expect(new Set(partedKeys)).toEqual(new Set(keys));
		expect(partedKeys).toHaveLength(keys.length);
		expect(fx.apiRequests().length).toBeGreaterThan(1);
	});
});
