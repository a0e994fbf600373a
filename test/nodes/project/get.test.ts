import { jsonOf } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';
import { byId, byNumber } from '../../support/params';

describe('Project > Get', () => {
	const fx = useEmulator();
	const first = () => fx.emulator.ctx.sections.projects.list(DEMO.companies.parent)[0];

	it('gets a project by id', async () => {
		const project = first();
		const result = await runOperation(fx, 'project', 'get', { project: byId(project.id) });
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ id: project.id, projectNumber: project.projectNumber }),
		]);
		expect(fx.apiRequests()[0]).toMatchObject({
			method: 'GET',
			path: `/api/v4/integration/projects/${project.id}`,
		});
	});

	it('gets a project by number through the by-project-number endpoint, encoding the number', async () => {
		fx.emulator.ctx.sections.projects.createFor(DEMO.companies.parent, {
			companyId: DEMO.companies.parent,
			projectNumber: 'A/B 7#?ø',
			name: 'Odd number',
		});
		const result = await runOperation(fx, 'project', 'get', { project: byNumber('A/B 7#?ø') });
		expect(jsonOf(result)[0]).toMatchObject({ projectNumber: 'A/B 7#?ø', name: 'Odd number' });
		expect(fx.apiRequests()[0].path).toBe(
			'/api/v4/integration/projects/by-project-number/A%2FB%207%23%3F%C3%B8',
		);
	});

	it('never lets an id reach another path', async () => {
		const result = await runOperation(fx, 'project', 'get', { project: byId('../projects?x=1') });
		expect(fx.apiRequests()[0].path).toBe('/api/v4/integration/projects/..%2Fprojects%3Fx%3D1');
		expect(result.error?.message).toContain('HTTP 404');
	});

	it.each(['..', '.'])(
		'refuses the dot segment %p, which no encoding keeps in its place',
		async (id) => {
			const result = await runOperation(fx, 'project', 'get', { project: byId(id) });
			expect(result.error?.message).toBe(`Project ID "${id}" cannot be used in a request path`);
			// n8n's routing wraps errors of a preSend step as NodeApiError.
			expect(result.error?.name).toMatch(/^Node(Api|Operation)Error$/);
			expect(fx.apiRequests()).toHaveLength(0);
		},
	);

	it('answers 404 for a project of another company, as for a missing one', async () => {
		const foreign = fx.emulator.ctx.sections.projects.list(DEMO.companies.other)[0];
		const result = await runOperation(fx, 'project', 'get', { project: byId(foreign.id) });
		expect(result.error?.message).toContain('HTTP 404');
		expect(result.error?.message).toContain(`No project with ID "${foreign.id}"`);
		expect(result.error?.description).toContain(
			'The project was looked up By ID (ID "' + foreign.id + '"): none exists in your company',
		);
	});

	it('names the field when the project is empty', async () => {
		const result = await runOperation(fx, 'project', 'get', { project: byId('  ') });
		expect(result.error?.message).toBe('Project is empty');
		expect(fx.apiRequests()).toHaveLength(0);
	});
});
