import { callTools, type ToolPath } from '../harness/tools';
import { executeNode, jsonOf } from '../harness/execute';
import { DEMO, useEmulator } from '../support/emulatorFixture';
import { parseToolText } from '../support/toolCases';

/** Return All as a tool: bounded by Tool Result Limit (default 50), with a note when it cut. */
describe('Tool Result Limit', () => {
	const fx = useEmulator();
	const paths: ToolPath[] = ['direct', 'engine'];
	const extraction = {
		resource: 'dataExtraction',
		operation: 'getTimeRegistrations',
		returnAll: true,
		fromDateTime: '2000-01-01T00:00:00Z',
	};

	async function answer(parameters: Record<string, unknown>, via: ToolPath = 'direct') {
		const { outcomes } = await callTools({
			credentials: fx.credentials,
			via,
			tools: [{ name: 'T', parameters }],
			calls: [{ tool: 'T', args: {} }],
		});
		if (outcomes[0].isError) throw new Error(outcomes[0].text);
		return parseToolText(outcomes[0].text);
	}
	const extractionPages = () => fx.apiRequests().filter((r) => r.path === '/v1/time-registrations');

	it.each(paths)(
		'an extraction with Return All reads one page of the limit plus one record and says there are more (%s)',
		async (via) => {
			const items = await answer(extraction, via);
			expect(items).toHaveLength(51);
			expect(
				items.slice(0, 50).every((r) => typeof r.id === 'string' && r.truncated === undefined),
			).toBe(true);
			expect(items[50]).toEqual({
				truncated: true,
				note: expect.stringContaining(
					'at most 50 items (its Tool Result Limit) and there are more',
				),
			});
			const pages = extractionPages();
			expect(pages).toHaveLength(1);
			expect(pages[0].query.ChunkLimit).toEqual(['51']);
		},
	);

	it('the workflow author raises the limit', async () => {
		const items = await answer({ ...extraction, toolResultLimit: 120 });
		expect(items).toHaveLength(121);
		expect(items[120].note).toContain('at most 120 items');
		expect(extractionPages().map((r) => r.query.ChunkLimit)).toEqual([['121']]);
	});

	it('a list the service returns whole is cut after it arrives (Project > Get Many, Return All)', async () => {
		const items = await answer({
			resource: 'project',
			operation: 'getAll',
			returnAll: true,
			toolResultLimit: 2,
		});
		expect(items).toHaveLength(3);
		expect(items.slice(0, 2).every((p) => typeof p.projectNumber === 'string')).toBe(true);
		expect(items[2]).toMatchObject({ truncated: true });
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/v4/integration/projects',
		]);
	});

	it('a list shorter than the limit comes whole, without a note', async () => {
		const items = await answer({ resource: 'project', operation: 'getAll', returnAll: true });
		expect(items.length).toBe(fx.emulator.ctx.sections.projects.list(DEMO.companies.parent).length);
		expect(items.some((i) => i.truncated)).toBe(false);
	});

	it('an explicit Limit is kept as asked, above the tool limit too', async () => {
		const items = await answer({
			resource: 'dataExtraction',
			operation: 'getTimeRegistrations',
			returnAll: false,
			limit: 60,
			toolResultLimit: 10,
		});
		expect(items).toHaveLength(60);
		expect(items.some((i) => i.truncated)).toBe(false);
	});

	it('payroll export rows over a long range are cut too (no Return All there: it returns the whole range)', async () => {
		const day = (offset: number) =>
			new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
		const items = await answer({
			resource: 'payrollExport',
			operation: 'get',
			fromWorkDate: day(-40),
			toWorkDate: day(-1),
			dataFilter: 10,
			userPayrollTypeFilter: 'all-users',
			toolResultLimit: 10,
		});
		expect(items).toHaveLength(11);
		expect(items[10]).toMatchObject({ truncated: true });
	});

	it('a workflow is never cut: Return All reads every record', async () => {
		const result = await executeNode({ credentials: fx.credentials, parameters: extraction });
		expect(jsonOf(result).length).toBeGreaterThan(200);
		expect(
			extractionPages().every(
				(r) => r.query.ChunkLimit === undefined || r.query.ChunkLimit[0] !== '51',
			),
		).toBe(true);
	});
});
