import { NodeHelpers, type INode, type INodeTypeDescription } from 'n8n-workflow';

import {
	TOOL_DESCRIPTIONS,
	TOOL_DESCRIPTIONS_FROM_VERSION_2,
} from '../../nodes/Workforce/tool/descriptions';
import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { PACKAGE } from '../harness/nodeTypes';
import { callTools, ToolNodeTypes } from '../harness/tools';
import { useEmulator } from '../support/emulatorFixture';

/** What a model is told about each tool (every operation's own text is checked in every-operation.test.ts). */
describe('Tool descriptions', () => {
	const fx = useEmulator();

	const rows = (table: Record<string, Record<string, string>>, version: string) =>
		Object.entries(table).flatMap(([resource, ops]) =>
			Object.entries(ops).map(
				([operation, text]) => [`${resource} > ${operation} (${version})`, text] as const,
			),
		);

	it.each([
		...rows(TOOL_DESCRIPTIONS, 'version 1'),
		...rows(TOOL_DESCRIPTIONS_FROM_VERSION_2, 'version 2'),
	])('%s says what it does, needs or returns, in a few sentences', (_, text) => {
		expect(text).toMatch(/Workforce/);
		expect(text).toMatch(/\b(Needs|Returns)\b/);
		expect(text.length).toBeLessThanOrEqual(320);
	});

	// Version 2's payroll export takes Period; version 1's dates may stay empty. A tool node tells
	// the model what its own version needs, and a saved version 1 node keeps its text.
	it.each(['get', 'getFile', 'getSummaryLines'])(
		'payrollExport > %s tells the model what its version needs',
		async (operation) => {
			const tools = [1, 2].map((typeVersion) => ({
				name: `Payroll v${typeVersion}`,
				typeVersion,
				parameters: { resource: 'payrollExport', operation },
			}));
			const { listed } = await callTools({
				credentials: fx.credentials,
				via: 'direct',
				tools,
				calls: [],
			});
			const said = Object.fromEntries(listed.map((t) => [t.name, t.description]));
			expect(said).toEqual({
				Payroll_v1: TOOL_DESCRIPTIONS.payrollExport[operation],
				Payroll_v2: TOOL_DESCRIPTIONS_FROM_VERSION_2.payrollExport[operation],
			});
			expect(said.Payroll_v1).toMatch(/Needs From and To Work Date/);
			expect(said.Payroll_v2).toMatch(/Needs the Period.*Last Month, This Month, or Date Range/);
		},
	);

	it("the workflow author's own description replaces the operation's", async () => {
		const { listed } = await callTools({
			credentials: fx.credentials,
			via: 'direct',
			tools: [
				{
					name: 'Projects',
					parameters: {
						resource: 'project',
						operation: 'getAll',
						returnAll: true,
						toolDescription: 'List the projects of our Bergen office',
					},
				},
			],
			calls: [],
		});
		expect(listed).toEqual([
			{ name: 'Projects', description: 'List the projects of our Bergen office', inputs: [] },
		]);
	});

	it('the tool-only parameters appear on the tool twin and never on the node in a workflow', () => {
		const plain = new Workforce().description;
		const twin = new ToolNodeTypes().getByNameAndVersion(`${PACKAGE}.workforceTool`).description;
		const shown = (description: INodeTypeDescription, parameters: Record<string, unknown>) => {
			const node = {
				name: 'n',
				type: `${PACKAGE}.${description.name}`,
				typeVersion: 1,
				parameters,
			} as unknown as INode;
			return Object.keys(
				NodeHelpers.getNodeParameters(
					description.properties,
					parameters as never,
					true,
					false,
					node,
					description,
				) ?? {},
			);
		};
		for (const parameters of [
			{ resource: 'project', operation: 'getAll', returnAll: true },
			{ resource: 'payrollExport', operation: 'get' },
			{ resource: 'document', operation: 'upload' },
		]) {
			expect(shown(plain, parameters)).not.toEqual(expect.arrayContaining(['toolDescription']));
			expect(shown(plain, parameters).filter((p) => p.startsWith('tool'))).toEqual([]);
			expect(shown(twin, parameters)).toEqual(expect.arrayContaining(['toolDescription']));
		}
		expect(shown(twin, { resource: 'project', operation: 'getAll', returnAll: true })).toContain(
			'toolResultLimit',
		);
		expect(
			shown(twin, { resource: 'project', operation: 'getAll', returnAll: false }),
		).not.toContain('toolResultLimit');
		expect(shown(twin, { resource: 'document', operation: 'upload' })).toEqual(
			expect.arrayContaining(['toolFileName', 'toolFileContent', 'toolContentEncoding']),
		);
		expect(shown(twin, { resource: 'document', operation: 'upload' })).not.toContain(
			'binaryPropertyName',
		);
		expect(shown(plain, { resource: 'document', operation: 'upload' })).toContain(
			'binaryPropertyName',
		);
	});
});
