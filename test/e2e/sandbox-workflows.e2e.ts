import { useE2e } from './support/e2e';

/** The sandbox's demo workflows (sandbox/workflows/*.json) must run as shipped. */
describe('Sandbox demo workflows in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());
	const manual = Object.entries(e2e.state.workflows)
		.filter(([key, w]) => key.startsWith('sandbox/') && w.manual)
		.map(([key]) => key);

	it('project push: each spreadsheet row becomes a project', async () => {
		const run = await e2e.run('sandbox/project-push');
		expect(run.error).toBeUndefined();
		const rows = run.json('Spreadsheet rows');
		expect(rows.length).toBeGreaterThan(1);
		const created = run.json('Create project in Workforce');
		expect(created.map((p) => p.projectNumber)).toEqual(rows.map((r) => r.projectNumber));
		const api = await e2e.emulator.apiRequests();
		expect(api.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(rows.map(() => 'POST /api/v4/integration/projects 201'));
		expect(api.map((r) => r.body)).toEqual(
			rows.map((r) => expect.objectContaining({ projectNumber: r.projectNumber, name: r.name, workBreakLunchStartTime: r.lunch })),
		);
	});

	// Also the project push a second time: the same project numbers answer the existing projects.
	it.each(manual)('%s runs without error and every node outputs items', async (key) => {
		const run = await e2e.run(key);
		expect(run.error).toBeUndefined();
		expect(run.code).toBe(0);
		const empty = Object.keys(run.runData).filter((name) => run.json(name).length === 0);
		expect(empty).toEqual([]);
		expect((await e2e.emulator.apiRequests()).every((r) => (r.status ?? 0) < 400)).toBe(true);
	});
});
