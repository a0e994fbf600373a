import { DEMO } from '../emulator/seed/demo';
import { useE2e } from './support/e2e';

describe('Project operations in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	it('Create: posts the typed fields and outputs the created project', async () => {
		const run = await e2e.run('projectCreate');
		expect(run.error).toBeUndefined();
		expect(run.code).toBe(0);
		const [project] = run.json('Create Project');
		expect(project).toMatchObject({
			companyId: DEMO.companies.parent,
			projectNumber: 'E2E-100',
			name: 'Tunnel lighting',
			active: true,
		});
		expect(typeof project.id).toBe('string');

		const api = await e2e.emulator.apiRequests();
		expect(api).toHaveLength(1);
		expect(api[0]).toMatchObject({
			method: 'POST',
			path: '/api/v4/integration/projects',
			status: 201,
			clientId: DEMO.clients.admin.clientId,
		});
		expect(api[0].headers.authorization).toMatch(/^Bearer \S+$/);
		expect(api[0].body).toEqual({
			companyId: DEMO.companies.parent,
			projectNumber: 'E2E-100',
			name: 'Tunnel lighting',
			active: true,
			workBreakLunchStartTime: '11:30',
			estimatedHourQty: 120.5,
		});
	});

	it('Get by project number: calls the by-number endpoint and outputs the project', async () => {
		const run = await e2e.run('projectGetByNumber');
		expect(run.error).toBeUndefined();
		expect(run.json('Get Project')).toEqual([
			expect.objectContaining({ projectNumber: 'P-1002', name: 'School extension Nord' }),
		]);
		const api = await e2e.emulator.apiRequests();
		expect(api.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v4/integration/projects/by-project-number/P-1002 200',
		]);
	});

	it('Get Many: Limit cuts the list, Return All outputs every project the service lists', async () => {
		const run = await e2e.run('projectGetMany');
		expect(run.error).toBeUndefined();
		const api = await e2e.emulator.apiRequests();
		expect(api.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v4/integration/projects 200',
			'GET /api/v4/integration/projects 200',
		]);
		const listed = (await e2e.emulator.serviceGet('/api/v4/integration/projects')) as Array<{
			id: string;
		}>;
		expect(listed.length).toBeGreaterThanOrEqual(3);
		expect(run.json('Get All Projects').map((p) => p.id)).toEqual(listed.map((p) => p.id));
		expect(run.json('Get Two Projects').map((p) => p.id)).toEqual(
			listed.slice(0, 2).map((p) => p.id),
		);
	});

	it('a refused request fails the workflow with a message naming the field', async () => {
		const run = await e2e.run('projectCreateInvalid');
		expect(run.code).toBe(1);
		expect(run.status).toBe('error');
		expect(run.error).toMatchObject({
			node: 'Create Project',
			name: 'NodeApiError',
			httpCode: '400',
		});
		expect(run.error?.message).toBe(
			"The Workforce service refused the request (HTTP 400): mainForemanId: No user matches 'Nobody Known' (use a user id, phone number, name or employee number).",
		);
		expect(run.error?.description).toContain('Correct the field(s) named above');
		const api = await e2e.emulator.apiRequests();
		expect(api).toHaveLength(1);
		expect(api[0]).toMatchObject({ method: 'POST', status: 400 });
		expect(api[0].body).toMatchObject({ projectNumber: 'E2E-400', mainForemanId: 'Nobody Known' });
	});
});
