import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { executeNode, jsonOf } from '../harness/execute';
import { asInN8n } from '../harness/tools';
import { DEMO, useEmulator } from '../support/emulatorFixture';

/**
 * In a workflow the node behaves as before, also with the `execute` a running n8n assigns it (the
 * harness's plain runs have none): custom operations run from `customOperations`, routed ones
 * through n8n's routing, binary data stays binary and nothing is cut.
 */
describe('The node in a workflow, as a running n8n serves it', () => {
	const fx = useEmulator();
	const run = (parameters: Record<string, unknown>) =>
		executeNode({
			credentials: fx.credentials,
			parameters,
			nodeType: 'test.workforceInN8n',
			extraNodeTypes: { 'test.workforceInN8n': asInN8n(new Workforce()) },
		});

	it('a routed operation goes through the routing n8n assigned', async () => {
		const result = await run({ resource: 'project', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((p) => p.projectNumber)).toEqual(
			fx.emulator.ctx.sections.projects.list(DEMO.companies.parent).map((p) => p.projectNumber),
		);
	});

	it('a custom operation keeps its binary output, without tool metadata', async () => {
		const project = fx.emulator.ctx.sections.projects
			.list(DEMO.companies.parent)
			.find((p) => p.projectNumber === 'P-1001')!;
		const doc = fx.emulator.ctx.sections.documents
			.pagesOf(project.id)
			.flatMap((p) => p.documentIds)[0];
		const result = await run({
			resource: 'document',
			operation: 'download',
			parent: 'project',
			project: { __rl: true, mode: 'id', value: project.id },
			fileReferenceId: doc,
			binaryPropertyName: 'data',
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].binary?.data).toMatchObject({
			fileName: expect.any(String),
			mimeType: expect.any(String),
		});
		expect(result.items[0].json.files).toBeUndefined();
	});

	it('Return All of an extraction reads everything', async () => {
		const result = await run({
			resource: 'dataExtraction',
			operation: 'getTimeRegistrations',
			returnAll: true,
			fromDateTime: '2000-01-01T00:00:00Z',
		});
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(200);
		expect(result.items.some((i) => i.json.truncated)).toBe(false);
	});

	it('an error keeps its message and its description apart', async () => {
		const result = await run({
			resource: 'dataExtraction',
			operation: 'getTimeRegistrations',
			returnAll: false,
			limit: 0,
		});
		expect(result.error?.message).toBe('Limit must be a whole number of at least 1, not 0');
		expect(result.error?.description).toBe('Set Limit to 1 or more, or turn on Return All.');
	});
});
