import { jsonOf } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';
import { byId, byNumber } from '../../support/params';

describe('Project > Delete', () => {
	const fx = useEmulator();
	const fresh = (n: string) =>
		fx.emulator.ctx.sections.projects.createFor(DEMO.companies.parent, {
			companyId: DEMO.companies.parent,
			projectNumber: n,
		}).project;

	it('deletes by id and says what was deleted; a second delete is a 404', async () => {
		const project = fresh('D-1');
		const result = await runOperation(fx, 'project', 'delete', { project: byId(project.id) });
		expect(jsonOf(result)).toEqual([{ deleted: true, resource: 'project', id: project.id }]);
		expect(fx.apiRequests()[0]).toMatchObject({
			method: 'DELETE',
			path: `/api/v4/integration/projects/${project.id}`,
			status: 204,
		});
		const again = await runOperation(fx, 'project', 'delete', { project: byId(project.id) });
		expect(again.error?.message).toContain('HTTP 404');
	});

	it('deletes by project number', async () => {
		const project = fresh('D-2');
		const result = await runOperation(fx, 'project', 'delete', { project: byNumber('D-2') });
		expect(jsonOf(result)).toEqual([{ deleted: true, resource: 'project', projectNumber: 'D-2' }]);
		expect(fx.apiRequests().map((r) => r.method)).toEqual(['GET', 'DELETE']);
		expect(
			fx.emulator.ctx.sections.projects.find(DEMO.companies.parent, project.id),
		).toBeUndefined();
	});
});
