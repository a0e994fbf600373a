import { executeNode, jsonOf } from '../../harness/execute';
import { callsOf, DEMO, useEmulator } from '../../support/emulatorFixture';
import { byId, byNumber } from '../../support/params';

describe('Work Order > Create', () => {
	const fx = useEmulator();
	const project = () => fx.emulator.ctx.sections.projects.list(DEMO.companies.parent)[0];

	const params = (projectLocator: unknown, fields: Record<string, unknown> = {}) => ({
		resource: 'workOrder',
		operation: 'create',
		companyId: DEMO.companies.parent,
		project: projectLocator,
		externalId: 'WO-501',
		name: 'Drainage',
		active: true,
		...fields,
	});

	it('posts companyId, projectId, externalId, name and active', async () => {
		const p = project();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: params(byId(p.id)),
		});
		expect(jsonOf(result)[0]).toMatchObject({
			projectId: p.id,
			externalId: 'WO-501',
			name: 'Drainage',
			active: true,
		});
		const [post] = fx.apiRequests();
		expect(callsOf(fx)).toEqual(['POST /api/v4/integration/tasks 201']);
		expect(post.body).toEqual({
			companyId: DEMO.companies.parent,
			projectId: p.id,
			externalId: 'WO-501',
			name: 'Drainage',
			active: true,
		});
	});

	it('resolves the project from its number', async () => {
		const p = project();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: params(byNumber(p.projectNumber), { externalId: 'WO-502' }),
		});
		expect(jsonOf(result)[0].projectId).toBe(p.id);
		expect(fx.apiRequests().map((r) => r.method)).toEqual(['GET', 'POST']);
	});

	it('names externalId when the work order number already exists on the project', async () => {
		const p = project();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: params(byId(p.id), { externalId: `${p.projectNumber}-1` }),
		});
		expect(result.error?.message).toContain(
			`externalId: A work order with externalId '${p.projectNumber}-1' already exists`,
		);
	});

	it('names the missing required field from the service', async () => {
		const p = project();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: params(byId(p.id), { name: '={{ $json.missing ?? "" }}' }),
		});
		expect(result.error?.message).toContain("name: 'name' is required.");
	});

	it('names projectId for an unknown project', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: params(byId('00000000-0000-4000-8000-000000000000')),
		});
		expect(result.error?.message).toContain('projectId:');
	});
});
