/* Return All over every time registration: this package's node in n8n's engine. */
import { executeNode } from '../../test/harness/execute';
import { report, targetFromEnv } from '../measure';
import { credentialsFor } from './engine';

const run = async (returnAll: boolean) => {
	// A new credential each time: the timed run fetches its own token.
	const result = await executeNode({
		credentials: credentialsFor(targetFromEnv()),
		parameters: { resource: 'dataExtraction', operation: 'getTimeRegistrations', returnAll, limit: 10, options: {} },
	});
	if (result.error) throw result.error;
	return { records: result.items.length };
};

void report(async () => await run(true), async () => await run(false));
