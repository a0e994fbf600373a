import { jsonOf } from '../../harness/execute';
import { useEmulator, runOperation } from '../../support/emulatorFixture';

describe('Document > Get Many', () => {
	const fx = useEmulator();

	const projectOf = (number: string) =>
		fx.emulator.ctx.sections.projects.all().find((p) => p.projectNumber === number)!;
	const getMany = (parameters: Record<string, unknown>) =>
		runOperation(fx, 'document', 'getAll', { parent: 'project', returnAll: true, ...parameters });

	it('returns one item per section page with its files', async () => {
		const project = projectOf('P-1001');
		const result = await getMany({ project: { __rl: true, mode: 'id', value: project.id } });
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`GET /api/v4/integration/projects/${project.id}/documents 200`,
		]);
		const pages = jsonOf(result);
		expect(pages.map((p) => [p.section, p.pageExternalId])).toEqual([
			['Documents', `infopage:${project.id}:documents`],
			['Permits', `infopage:${project.id}:permits`],
			['P-1001-1', `infopage:${project.id}:p-1001-1`],
		]);
		expect(pages[0].files).toEqual([
			{ fileReferenceId: expect.any(String), name: 'Site plan.pdf' },
			{ fileReferenceId: expect.any(String), name: 'HMS-plan.docx' },
		]);
		expect(pages[1].files).toEqual([
			{ fileReferenceId: expect.any(String), name: 'Gravetillatelse Ørneveien.pdf' },
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
	});

	it("lists only the pages holding a work order's documents", async () => {
		const project = projectOf('P-1001');
		const workOrder = fx.emulator.ctx.sections.workOrders
			.forProject(project.id)
			.find((w) => w.externalId === 'P-1001-1')!;
		const result = await getMany({ parent: 'workOrder', workOrderId: workOrder.id });
		expect(fx.apiRequests()[0].path).toBe(`/api/v4/integration/tasks/${workOrder.id}/documents`);
		expect(jsonOf(result)).toEqual([
			{
				section: 'P-1001-1',
				pageExternalId: `infopage:${project.id}:p-1001-1`,
				files: [{ fileReferenceId: expect.any(String), name: 'Work description.txt' }],
			},
		]);
	});

	it('finds the project by number and applies the limit', async () => {
		const project = projectOf('P-1001');
		const result = await getMany({
			project: { __rl: true, mode: 'projectNumber', value: 'P-1001' },
			returnAll: false,
			limit: 2,
		});
		expect(fx.apiRequests().map((r) => r.path)).toEqual([
			'/api/v4/integration/projects/by-project-number/P-1001',
			`/api/v4/integration/projects/${project.id}/documents`,
		]);
		expect(jsonOf(result).map((p) => p.section)).toEqual(['Documents', 'Permits']);
	});

	it('names the work order that does not exist', async () => {
		const result = await getMany({ parent: 'workOrder', workOrderId: 'no/such id' });
		expect(fx.apiRequests()[0].path).toBe('/api/v4/integration/tasks/no%2Fsuch%20id/documents');
		expect(result.error?.message).toContain("Work order 'no/such id' was not found.");
	});
});
