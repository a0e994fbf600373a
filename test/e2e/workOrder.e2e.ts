import { DEMO } from '../emulator/seed/demo';
import { useE2e } from './support/e2e';

describe('Work Order operations in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	it('Create: looks the project number up and posts the work order with its project id', async () => {
		const run = await e2e.run('workOrderCreate');
		expect(run.error).toBeUndefined();
		const [workOrder] = run.json('Create Work Order');
		expect(workOrder).toMatchObject({ externalId: 'E2E-WO-1', name: 'Night shift', active: true });

		const api = await e2e.emulator.apiRequests();
		expect(api.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v4/integration/projects/by-project-number/P-1003 200',
			'POST /api/v4/integration/tasks 201',
		]);
		const project = (await e2e.emulator.serviceGet(
			'/api/v4/integration/projects/by-project-number/P-1003',
		)) as { id: string };
		expect(api[1].body).toEqual({
			companyId: DEMO.companies.parent,
			projectId: project.id,
			externalId: 'E2E-WO-1',
			name: 'Night shift',
			active: true,
		});
		expect(workOrder.projectId).toBe(project.id);
	});

	it("Get Many: outputs the project's work orders", async () => {
		const run = await e2e.run('workOrderGetMany');
		expect(run.error).toBeUndefined();
		const items = run.json('Get Work Orders');
		expect(items.map((w) => w.externalId)).toEqual(['P-1001-1', 'P-1001-2']);

		const api = await e2e.emulator.apiRequests();
		const project = (await e2e.emulator.serviceGet(
			'/api/v4/integration/projects/by-project-number/P-1001',
		)) as { id: string };
		expect(api.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v4/integration/projects/by-project-number/P-1001 200',
			`GET /api/v4/integration/tasks/project/${project.id} 200`,
		]);
	});
});
