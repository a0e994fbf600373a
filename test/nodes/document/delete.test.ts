import { jsonOf } from '../../harness/execute';
import { useEmulator, runOperation } from '../../support/emulatorFixture';

describe('Document > Delete', () => {
	const fx = useEmulator();

	const projectOf = (number: string) =>
		fx.emulator.ctx.sections.projects.all().find((p) => p.projectNumber === number)!;
	const docs = () => fx.emulator.ctx.sections.documents;
	const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

	it('deletes a document (204), says what was deleted, and a download then answers 404', async () => {
		const project = projectOf('P-1002');
		const [doc] = docs().store(docs().parentOf('project', project.id), 'Old', [
			{ name: 'old.pdf', mimeType: 'application/pdf', bytes: Buffer.from('old') },
		]);
		const result = await runOperation(fx, 'document', 'delete', {
			parent: 'project',
			project: byId(project.id),
			fileReferenceId: doc.id,
		});
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`DELETE /api/v4/integration/projects/${project.id}/documents/${doc.id} 204`,
		]);
		expect(jsonOf(result)).toEqual([
			{
				deleted: true,
				resource: 'document',
				fileReferenceId: doc.id,
				parent: 'project',
				projectId: project.id,
			},
		]);
		expect(docs().get(doc.id)).toBeUndefined();
		fx.mark();
		const download = await runOperation(fx, 'document', 'download', {
			parent: 'project',
			project: byId(project.id),
			fileReferenceId: doc.id,
			binaryPropertyName: 'data',
		});
		expect(download.error?.message).toContain('(HTTP 404)');
		expect(fx.apiRequests().map((r) => r.status)).toEqual([404]);
	});

	it('deletes through a work order and refuses a document of another work order with 404', async () => {
		const project = projectOf('P-1003');
		const [first, second] = fx.emulator.ctx.sections.workOrders.forProject(project.id);
		const [doc] = docs().store(docs().parentOf('workOrder', first.id), first.externalId, [
			{ name: 'wo.pdf', mimeType: 'application/pdf', bytes: Buffer.from('wo') },
		]);
		const wrong = await runOperation(fx, 'document', 'delete', {
			parent: 'workOrder',
			workOrderId: second.id,
			fileReferenceId: doc.id,
		});
		expect(wrong.error?.message).toContain(`Document '${doc.id}' was not found.`);
		expect(docs().get(doc.id)).toBeDefined();
		fx.mark();
		const right = await runOperation(fx, 'document', 'delete', {
			parent: 'workOrder',
			workOrderId: first.id,
			fileReferenceId: doc.id,
		});
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`DELETE /api/v4/integration/tasks/${first.id}/documents/${doc.id} 204`,
		]);
		expect(jsonOf(right)).toEqual([
			{
				deleted: true,
				resource: 'document',
				fileReferenceId: doc.id,
				parent: 'workOrder',
				workOrderId: first.id,
			},
		]);
	});

	it('encodes the document handle so it cannot reach another path', async () => {
		const project = projectOf('P-1002');
		const result = await runOperation(fx, 'document', 'delete', {
			parent: 'project',
			project: byId(project.id),
			fileReferenceId: '../../projects/x',
		});
		expect(fx.apiRequests()[0].path).toBe(
			`/api/v4/integration/projects/${project.id}/documents/..%2F..%2Fprojects%2Fx`,
		);
		expect(result.error?.message).toContain('(HTTP 404)');
	});
});
