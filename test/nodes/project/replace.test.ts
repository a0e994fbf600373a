import { jsonOf } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';
import { byId } from '../../support/params';

describe('Project > Replace', () => {
	const fx = useEmulator();

	it('puts the complete project: fields left out are cleared, the customer link is kept', async () => {
		const { project } = fx.emulator.ctx.sections.projects.createFor(DEMO.companies.parent, {
			companyId: DEMO.companies.parent,
			projectNumber: 'R-1',
			name: 'Old',
			description: 'to be cleared',
			customerNumber: 'C-R1',
			active: true,
		});
		const result = await runOperation(fx, 'project', 'replace', {
			project: byId(project.id),
			companyId: DEMO.companies.parent,
			projectNumber: 'R-1b',
			fields: { name: 'New' },
		});
		const [replaced] = jsonOf(result);
		expect(replaced).toMatchObject({
			id: project.id,
			projectNumber: 'R-1b',
			name: 'New',
			description: null,
			active: false,
			customerNumber: 'C-R1',
		});
		const [put] = fx.apiRequests();
		expect(put).toMatchObject({
			method: 'PUT',
			path: `/api/v4/integration/projects/${project.id}`,
		});
		expect(put.body).toEqual({
			companyId: DEMO.companies.parent,
			projectNumber: 'R-1b',
			name: 'New',
		});
	});

	it('names the required field that is empty', async () => {
		const { project } = fx.emulator.ctx.sections.projects.createFor(DEMO.companies.parent, {
			companyId: DEMO.companies.parent,
			projectNumber: 'R-2',
		});
		const result = await runOperation(fx, 'project', 'replace', {
			project: byId(project.id),
			companyId: DEMO.companies.parent,
			projectNumber: '={{ "" }}',
			fields: {},
		});
		expect(result.error?.message).toBe('Project Number is empty');
		expect(fx.apiRequests()).toHaveLength(0);
	});
});
