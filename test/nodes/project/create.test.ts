import { executeNode, jsonOf } from '../../harness/execute';
import { DEMO, useEmulator } from '../../support/emulator-fixture';

describe('Project > Create', () => {
	const fx = useEmulator();

	it('posts the typed fields and returns the created project', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				resource: 'project',
				operation: 'create',
				companyId: DEMO.companies.parent,
				projectNumber: 'P-9001',
				additionalFields: { name: 'Tunnel lighting', active: true, workBreakLunchStartTime: '11:30', estimatedHourQty: 120.5 },
			},
		});
		expect(result.error).toBeUndefined();
		const [project] = jsonOf(result);
		expect(project).toMatchObject({ companyId: DEMO.companies.parent, projectNumber: 'P-9001', name: 'Tunnel lighting', active: true });
		expect(typeof project.id).toBe('string');
		const [post] = fx.apiRequests();
		expect(post).toMatchObject({ method: 'POST', path: '/api/v4/integration/projects', status: 201 });
		expect(post.body).toEqual({
			companyId: DEMO.companies.parent,
			projectNumber: 'P-9001',
			name: 'Tunnel lighting',
			active: true,
			workBreakLunchStartTime: '11:30',
			estimatedHourQty: 120.5,
		});
	});
});
