import { executeNode, jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import { RESUMABLE, resumeOf, resumeUntilDone } from '../../../support/resumeRuns';
import { daysAgo } from '../../payrollExport/dates';

/**
 * Issue 46 for Payroll Export over a long range (Get Import Lines, nine 45-day windows): version 2
 * stops before the rows it read pass Options > Item Memory Budget (MB), at a window boundary by the
 * runner's rule; runs over the error item (Period: Date Range) read every row once.
 */
describe('Payroll Export: the items budget over a long range (version 2)', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000 } });
	const params = (budget: unknown): Record<string, unknown> => ({
		resource: 'payrollExport',
		operation: 'getSummaryLines',
		period: 'dateRange',
		fromWorkDate: daysAgo(364),
		toWorkDate: daysAgo(0),
		dataFilter: 10,
		userPayrollTypeFilter: 'all-users',
		filters: { exportAllPayrollTypes: true, includeAllAbsence: true },
		options: { parallelRequests: 3, itemMemoryBudget: budget },
	});

	it('runs over the error item read every row once, each within the budget; without the error output it fails naming the budget', async () => {
		const plain = await executeNode({
			credentials: fx.credentials,
			parameters: params(1000),
			settings: RESUMABLE,
		});
		expect(plain.errorItems).toHaveLength(0);
		const all = jsonOf(plain);
		const bytes = all.reduce((sum: number, row) => sum + JSON.stringify(row).length, 0);
		const budget = Math.round(bytes / 3 / 1000) / 1000;
		const { items, runs } = await resumeUntilDone(
			[{ json: {} }],
			async (input) =>
				await executeNode({
					credentials: fx.credentials,
					parameters: {
						...params(budget),
						fromWorkDate: `={{ $json.details?.resume?.fromWorkDate ?? '${daysAgo(364)}' }}`,
						toWorkDate: `={{ $json.details?.resume?.toWorkDate ?? '${daysAgo(0)}' }}`,
					},
					items: input,
					settings: RESUMABLE,
				}),
			(run) => {
				const { error, failed } = resumeOf(run.errorItems[0]);
				expect(error).toMatch(/stopped at the Item Memory Budget of [\d.]+ MB: \d+ records/);
				expect(failed.partition).toMatch(/^window \d of \d \(/);
			},
		);
		expect(runs).toBeGreaterThanOrEqual(3);
		expect(items.map((item) => item.json)).toEqual(all);

		const thrown = await executeNode({
			credentials: fx.credentials,
			parameters: params(budget),
			settings: { typeVersion: 2 },
		});
		expect(thrown.error?.message).toMatch(/stopped at the Item Memory Budget/);
		expect(thrown.error?.description).toMatch(/Output: File/);
	});
});
