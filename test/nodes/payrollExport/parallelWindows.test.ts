import { jsonOf } from '../../harness/execute';
import { runner, useEmulator } from '../../support/emulatorFixture';
import { fileBytes } from '../../support/fileOutput';
import { faultsOn } from '../../support/pageFaults';
import { daysAgo } from './dates';
import { EVERY_LINE } from './filters';

/**
 * A year of payroll export is nine 45-day windows: fetched side by side (Parallel Requests, 4 by
 * default), never more at once, their rows (or the file's bytes) in date order as one by one.
 */
describe('Payroll Export: 45-day windows side by side', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000 } });
	const year = { fromWorkDate: daysAgo(364), toWorkDate: daysAgo(0) };
	const run = runner(fx, { resource: 'payrollExport', ...year, ...EVERY_LINE });
	const windowFault = faultsOn(fx, { api: 'integration', path: 'payroll-export' });
	const exportRequests = () =>
		fx.apiRequests().filter((r) => r.path.startsWith('/api/payroll-export'));

	it.each([
		['get', {}],
		['getSummaryLines', {}],
	])(
		'%s: three windows in flight at once, no fourth until one ends; rows as one by one gives them',
		async (operation) => {
			const oneByOne = await run({ operation, options: { parallelRequests: 1 } });
			expect(oneByOne.error).toBeUndefined();
			fx.mark();
			windowFault({ count: 3, action: { kind: 'hold' } });
			const running = run({ operation, options: { parallelRequests: 3 } });
			await fx.emulator.ctx.faults.whenHolding(3);
			// Three held at once, and the fourth not asked for while they are.
			expect(exportRequests()).toHaveLength(3);
			fx.emulator.ctx.faults.release();
			const result = await running;
			expect(result.error).toBeUndefined();
			expect(exportRequests()).toHaveLength(9);
			expect(jsonOf(result)).toEqual(jsonOf(oneByOne));
		},
	);

	it('getFile: the file is the windows’ bytes joined in date order, as one by one', async () => {
		const oneByOne = await run({ operation: 'getFile', options: { parallelRequests: 1 } });
		const parallel = await run({ operation: 'getFile' });
		expect(parallel.error).toBeUndefined();
		const a = await fileBytes(oneByOne.items![0]);
		const b = await fileBytes(parallel.items![0]);
		expect(a.length).toBeGreaterThan(0);
		expect(b.equals(a)).toBe(true);
	});

	it('a window that fails fails the item and outputs nothing', async () => {
		windowFault({ skip: 5, action: { kind: 'status', status: 400 } });
		const result = await run({ operation: 'get' });
		expect((result.error as { httpCode?: string } | undefined)?.httpCode).toBe('400');
		expect(result.items ?? []).toHaveLength(0);
	});
});
