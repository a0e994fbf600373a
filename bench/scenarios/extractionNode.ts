/* Return All over every time registration: this package's node in n8n's engine. */
import { executeNode } from '../../test/harness/execute';
import { report, targetFromEnv } from '../measure';
import { credentialsFor } from './engine';

// BENCH_OUTPUT=file (BENCH_COMPRESS=1): Output File instead of one item per record.
const output =
	process.env.BENCH_OUTPUT === 'file'
		? { output: 'file', compress: process.env.BENCH_COMPRESS === '1' }
		: {};

const run = async (returnAll: boolean) => {
	// A new credential each time: the timed run fetches its own token.
	const result = await executeNode({
		credentials: credentialsFor(targetFromEnv()),
		parameters: {
			resource: 'dataExtraction',
			operation: 'getTimeRegistrations',
			returnAll,
			limit: 10,
			options: {},
			...output,
		},
	});
	if (result.error) throw result.error;
	return {
		records:
			output.output === 'file' ? (result.items[0].json.records as number) : result.items.length,
	};
};

void report(
	async () => await run(true),
	async () => await run(false),
);
