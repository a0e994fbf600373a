import { useE2e } from './support/e2e';

type Line = { id: string; userId: string; approved: boolean; overtimeLines?: unknown[] };

/** ExportFilter and UserPayrollTypeFilter (behaviour notes) through the packed node in a real n8n. */
describe('Payroll-line filters in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	async function servicePage(query: string): Promise<Line[]> {
		const page = (await e2e.emulator.extractionGet(
			`/v1/payroll-lines?ChunkLimit=10000${query}`,
		)) as { data?: Line[] };
		return page.data ?? [];
	}

	it('Get Payroll Lines with the defaults sends no filter (approved days of paid-by-hour employees); Extended with All + AllUsers returns every line', async () => {
		const run = await e2e.run('dataExtractionPayrollLineFilters');
		expect(run.error).toBeUndefined();
		const api = await e2e.emulator.apiRequests();
		const defaults = run.json('Default Payroll Lines') as unknown as Line[];
		const every = run.json('Every Payroll Line') as unknown as Line[];
		// What the service holds now, read after the run's log (other files may have changed a few lines before this one).
		const expectedDefault = (await servicePage('')).map((l) => l.id).sort();
		const expectedEvery = (await servicePage('&ExportFilter=All&UserPayrollTypeFilter=AllUsers'))
			.map((l) => l.id)
			.sort();
		expect(defaults.map((l) => l.id).sort()).toEqual(expectedDefault);
		expect(every.map((l) => l.id).sort()).toEqual(expectedEvery);
		expect(new Set(every.map((l) => l.id)).size).toBe(every.length);
		// The default really leaves lines out: unapproved days and fixed-pay employees.
		expect(defaults.length).toBeGreaterThan(0);
		expect(every.length).toBeGreaterThan(defaults.length);
		expect(defaults.every((l) => l.approved)).toBe(true);
		expect(every.some((l) => !l.approved)).toBe(true);
		expect(every.every((l) => Array.isArray(l.overtimeLines))).toBe(true);
		const plain = api.filter((r) => r.path === '/v1/payroll-lines');
		const extended = api.filter((r) => r.path === '/v1/payroll-lines-extended');
		expect(plain.length).toBeGreaterThan(0);
		expect(extended.length).toBeGreaterThan(1);
		expect([...plain, ...extended].every((r) => r.status === 200)).toBe(true);
		for (const r of plain)
			expect(Object.keys(r.query).sort()).toEqual(
				r === plain[0] ? ['ChunkLimit'] : ['ChunkLimit', 'ContinuationToken'],
			);
		for (const r of extended) {
			expect(r.query.ExportFilter).toEqual(['All']);
			expect(r.query.UserPayrollTypeFilter).toEqual(['AllUsers']);
		}
	});
});
