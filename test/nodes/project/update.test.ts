import { jsonOf } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';
import { byId, byNumber } from '../../support/params';

describe('Project > Update', () => {
	const fx = useEmulator();
	const fresh = (n: string) =>
		fx.emulator.ctx.sections.projects.createFor(DEMO.companies.parent, {
			companyId: DEMO.companies.parent,
			projectNumber: n,
			name: 'Before',
			description: 'kept',
			active: true,
		}).project;

	it('patches only the fields set, leaving the others', async () => {
		const project = fresh('U-1');
		const result = await runOperation(fx, 'project', 'update', {
			project: byId(project.id),
			updateFields: { name: 'After', active: false },
		});
		expect(jsonOf(result)[0]).toMatchObject({
			id: project.id,
			name: 'After',
			active: false,
			description: 'kept',
		});
		const [patch] = fx.apiRequests();
		expect(patch).toMatchObject({
			method: 'PATCH',
			path: `/api/v4/integration/projects/${project.id}`,
		});
		expect(patch.body).toEqual({ name: 'After', active: false });
	});

	it('looks a project number up, then patches by id', async () => {
		const project = fresh('U-2');
		await runOperation(fx, 'project', 'update', {
			project: byNumber('U-2'),
			updateFields: { name: 'By number' },
		});
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/v4/integration/projects/by-project-number/U-2',
			`PATCH /api/v4/integration/projects/${project.id}`,
		]);
	});

	it('refuses an update without fields before calling', async () => {
		const project = fresh('U-3');
		const result = await runOperation(fx, 'project', 'update', {
			project: byId(project.id),
			updateFields: {},
		});
		expect(result.error?.message).toBe('No fields to update');
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('names projectNumber when the new number is taken', async () => {
		const project = fresh('U-4');
		fresh('U-5');
		const result = await runOperation(fx, 'project', 'update', {
			project: byId(project.id),
			updateFields: { projectNumber: 'U-5' },
		});
		expect(result.error?.message).toContain(
			"projectNumber: A project with projectNumber 'U-5' already exists",
		);
	});
});
