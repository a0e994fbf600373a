import { MANY_ITEMS } from '../../../nodes/Workforce/resources/dataExtraction/manyItemsHint';
import { executeNode } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';

const parameters = {
	resource: 'dataExtraction',
	operation: 'getTimeRegistrations',
	options: { chunkLimit: 10000 },
};
// 100,001 records through the engine: well under a minute on a quiet machine, several on a busy shared one.
const SLOW = 300_000;

describe('Data Extraction > item mode above 100,000 items: an execution hint points to Output File', () => {
	const fx = useEmulator({ workData: { timeRegistrations: MANY_ITEMS + 1, pageSize: 10000 } });

	it(
		'100,001 items: one hint saying why and what to do',
		async () => {
			const over = await executeNode({
				credentials: fx.credentials,
				parameters: { ...parameters, returnAll: true },
			});
			expect(over.items).toHaveLength(100_001);
			// Version 1's text, unchanged by version 2's link.
			expect(over.hints).toEqual([
				expect.objectContaining({
					message:
						'This run output 100,001 items. n8n keeps every item in memory and saves the whole run as one piece of data, which takes gigabytes at this size and fails past about a million records. Set Output to File: the records are written page by page into one file (NDJSON or CSV, optionally gzip), memory stays flat and the execution small.',
				}),
			]);
		},
		SLOW,
	);

	it(
		'version 2 (its items budget raised past them): the same hint, linking Small instances',
		async () => {
			const over = await executeNode({
				credentials: fx.credentials,
				parameters: {
					...parameters,
					returnAll: true,
					options: { ...parameters.options, itemMemoryBudget: 1000 },
				},
				settings: { typeVersion: 2 },
			});
			expect(over.items).toHaveLength(100_001);
			expect(over.hints).toEqual([
				expect.objectContaining({
					message: expect.stringMatching(
						/^This run output 100,001 items\. .*memory stays flat and the execution small\. What fits the memory of your instance, and how to read more window by window: docs\/bulk-extraction\.md#small-instances\.$/,
					),
				}),
			]);
		},
		SLOW,
	);

	it(
		'the same records as a File: one item, no hint',
		async () => {
			const file = await executeNode({
				credentials: fx.credentials,
				parameters: { ...parameters, returnAll: true, output: 'file', compress: true },
			});
			// The run's error first: a failure says why, not only that no item came out (seen once
			// under a load average of 18, not reproduced).
			expect(file.error).toBeUndefined();
			expect(file.items[0].json).toMatchObject({ records: 100_001 });
			expect(file.hints).toEqual([]);
		},
		SLOW,
	);

	it('at most 100,000 items: no hint (a smaller run of the same node)', async () => {
		expect(MANY_ITEMS).toBe(100_000);
		const small = await executeNode({
			credentials: fx.credentials,
			parameters: { ...parameters, returnAll: false, limit: 500 },
		});
		expect(small.items).toHaveLength(500);
		expect(small.hints).toEqual([]);
	});
});
