import { NodeHelpers, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { pickerHint } from '../../../nodes/Workforce/helpers/pickerHints';
import { Workforce } from '../../../nodes/Workforce/Workforce.node';
import { executeNode } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';

const base = { resource: 'dataExtraction', operation: 'getImages', returnAll: true };

/**
 * Get Images' Project filter: a project number typed By ID gives no images (the service answers
 * an unknown ProjectId with an empty result, not a 404), so the node says what the pickers' not-found
 * says, before any request: the value is not shaped like an ID, and By Project Number fits.
 */
describe('Data Extraction > Get Images: the Project filter says where a number goes', () => {
	const fx = useEmulator();
	const run = (project: { mode: string; value: string }) =>
		executeNode({
			credentials: fx.credentials,
			parameters: { ...base, filters: { project: { __rl: true, ...project } } } as INodeParameters,
		});

	it('P-1002 typed By ID: the run says By Project Number fits, and sends what was typed', async () => {
		const result = await run({ mode: 'id', value: 'P-1002' });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
		expect(result.hints.map((h) => h.message)).toEqual([
			'Project filter: "P-1002" is not shaped like a generated ID (such as 3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10): if it is a project number, set "Project" to By Project Number, or pick the project From List. A project ID that does not exist gives no images.',
		]);
		const pages = fx.apiRequests().filter((r) => r.path === '/v1/images');
		expect(pages.map((r) => r.query.ProjectId)).toEqual([['P-1002']]);
	});

	it('the same project By Project Number: looked up, and no hint', async () => {
		const result = await run({ mode: 'projectNumber', value: 'P-1002' });
		expect(result.error).toBeUndefined();
		expect(result.hints).toEqual([]);
		const [lookup] = fx
			.apiRequests()
			.filter((r) => r.path.endsWith('/projects/by-project-number/P-1002'));
		expect(lookup.status).toBe(200);
	});

	it('a generated ID By ID: no hint', async () => {
		const result = await run({ mode: 'id', value: '3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10' });
		expect(result.error).toBeUndefined();
		expect(result.hints).toEqual([]);
	});

	it("the editor shows the pickers' hint under the filter, and By ID takes a number without a node issue", () => {
		const description = new Workforce().description;
		const filters = description.properties.find(
			(p) => p.name === 'filters' && p.displayOptions?.show?.operation?.includes('getImages'),
		)!;
		const project = (filters.options as INodeProperties[]).find((o) => o.name === 'project')!;
		const typed = project.modes!.filter((m) => m.type !== 'list');
		expect(project.hint).toBe(pickerHint(typed));
		expect(project.hint).toMatch(/for a project number, choose By Project Number/);
		const node = {
			id: 'n',
			name: 'Workforce',
			type: 'n8n-nodes-workforce.workforce',
			typeVersion: 2,
			position: [0, 0] as [number, number],
			parameters: { ...base, filters: { project: { __rl: true, mode: 'id', value: 'P-1002' } } },
		};
		expect(NodeHelpers.getNodeParametersIssues([filters], node, description)).toBeNull();
	});
});
