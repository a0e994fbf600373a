import { executeNode } from '../../harness/execute';
import { useEmulator } from '../../support/emulator-fixture';

const parameters = { resource: 'dataExtraction', operation: 'getTimeRegistrations', options: { chunkLimit: 10000 } };

describe('Data Extraction > item mode above 100,000 items: an execution hint points to Output File', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 100_001, pageSize: 10000 } });

	it('100,001 items: one hint saying why and what to do; 100,000: none; File output: none', async () => {
		const over = await executeNode({ credentials: fx.credentials, parameters: { ...parameters, returnAll: true } });
		expect(over.items).toHaveLength(100_001);
		expect(over.hints).toEqual([expect.objectContaining({ message: expect.stringMatching(/^This run output 100,001 items\. .*fails past about a million records\. Set Output to File/) })]);

		const at = await executeNode({ credentials: fx.credentials, parameters: { ...parameters, returnAll: false, limit: 100_000 } });
		expect(at.items).toHaveLength(100_000);
		expect(at.hints).toEqual([]);

		const file = await executeNode({ credentials: fx.credentials, parameters: { ...parameters, returnAll: true, output: 'file', compress: true } });
		expect(file.items[0].json).toMatchObject({ records: 100_001 });
		expect(file.hints).toEqual([]);
		// Three runs over 100,000 records: about 20 s on an idle machine, past 60 s on a loaded one.
	}, 600_000);
});
