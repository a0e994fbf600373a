/* 5,000 machines pushed through the node: Create Many in batches (BENCH_MACHINE_BATCH) or one Create per item. */
import { randomBytes } from 'node:crypto';

import { executeNode } from '../../test/harness/execute';
import { report, targetFromEnv } from '../measure';
import { credentialsFor } from './engine';

const count = Number(process.env.BENCH_MACHINES ?? 5000);
const batch = Number(process.env.BENCH_MACHINE_BATCH ?? 0);
const companyId = process.env.BENCH_COMPANY_ID ?? '';

void report(async () => {
	// Numbers unique per run: every run creates new machines in the same emulator.
	const run = randomBytes(4).toString('hex');
	const items = Array.from({ length: count }, (_, i) => ({
		json: { number: `B-${run}-${i}`, name: `Bench machine ${i}`, type: 'TRUCK' },
	}));
	const common = {
		resource: 'machine',
		companyId,
		machineNumber: '={{ $json.number }}',
		additionalFields: { name: '={{ $json.name }}', typeId: '={{ $json.type }}' },
	};
	const result = await executeNode({
		credentials: credentialsFor(targetFromEnv()),
		items,
		parameters:
			batch > 0
				? { ...common, operation: 'createMany', batchSize: batch }
				: { ...common, operation: 'create' },
	});
	if (result.error) throw result.error;
	if (result.items.length !== count)
		throw new Error(`expected ${count} machines, got ${result.items.length}`);
	return { records: result.items.length };
});
