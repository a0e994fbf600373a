/* Return All over every time registration: this package's node in n8n's engine. */
import { executeNode } from '../../test/harness/execute';
import { report, targetFromEnv } from '../measure';
import { credentialsFor } from './engine';

void report(async () => {
	const result = await executeNode({
		credentials: credentialsFor(targetFromEnv()),
		parameters: { resource: 'dataExtraction', operation: 'getTimeRegistrations', returnAll: true, options: {} },
	});
	if (result.error) throw result.error;
	return { records: result.items.length };
});
