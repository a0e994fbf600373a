import { useE2e } from './support/e2e';

/** The sandbox's demo workflows (sandbox/workflows/*.json) must run as shipped. */
describe('Sandbox demo workflows in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	it('imports every sandbox workflow', () => {
		expect(Object.keys(e2e.state.workflows).filter((k) => k.startsWith('sandbox/'))).toContain('sandbox/project-push');
	});

	it('project push: each spreadsheet row becomes a project', async () => {
		const run = await e2e.run('sandbox/project-push');
		expect(run.error).toBeUndefined();
		const rows = run.json('Spreadsheet rows');
		const created = run.json('Create project in Workforce');
		expect(created.map((p) => p.projectNumber)).toEqual(rows.map((r) => r.projectNumber));
		const api = await e2e.emulator.apiRequests();
		expect(api.map((r) => `${r.method} ${r.path}`)).toEqual(rows.map(() => 'POST /api/v4/integration/projects'));
		expect(api.map((r) => r.body)).toEqual(
			rows.map((r) => expect.objectContaining({ projectNumber: r.projectNumber, name: r.name, workBreakLunchStartTime: r.lunch })),
		);
	});
});
