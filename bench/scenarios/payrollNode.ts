/* The payroll export over 365 days through the node (split into 45-day windows, merged). */
import { executeNode } from '../../test/harness/execute';
import { report, targetFromEnv } from '../measure';
import { credentialsFor } from './engine';
import { PAYROLL_FILTERS, PAYROLL_FLAGS, payrollRange } from './payroll';

const run = async (from: string, to: string) => {
	const result = await executeNode({
		credentials: credentialsFor(targetFromEnv()),
		parameters: {
			resource: 'payrollExport',
			operation: 'get',
			fromWorkDate: from,
			toWorkDate: to,
			...PAYROLL_FILTERS,
			filters: PAYROLL_FLAGS,
		},
	});
	if (result.error) throw result.error;
	return { records: result.items.length };
};

void report(
	async () => await run(payrollRange().from, payrollRange().to),
	async () => await run(payrollRange().windows[0].from, payrollRange().windows[0].from),
);
