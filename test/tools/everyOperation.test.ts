import { TOOL_DESCRIPTIONS } from '../../nodes/Workforce/tool/descriptions';
import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { callTools, type ToolPath } from '../harness/tools';
import { useEmulator } from '../support/emulatorFixture';
import {
	expectRequest,
	parseToolText,
	TOOL_CASES,
	toolNodeName,
	type CaseState,
} from '../support/toolCases';

/**
 * Every operation of the node called as an AI tool through n8n-core, both ways n8n runs tools
 * (see test/harness/tools.ts): the request the service received and the answer the model got.
 * The same table runs in a real n8n behind the MCP Server Trigger (test/e2e/mcp.e2e.ts).
 */
describe.each<ToolPath>(['direct', 'engine'])('Every operation as a tool (%s)', (via) => {
	const fx = useEmulator();
	const state: CaseState = { tag: via.toUpperCase() };

	it.each(TOOL_CASES.map((c) => [`${c.resource} > ${c.operation}`, c] as const))(
		'%s',
		async (_, c) => {
			const name = toolNodeName(c);
			const { outcomes, listed } = await callTools({
				credentials: fx.credentials,
				via,
				tools: [
					{ name, parameters: { resource: c.resource, operation: c.operation, ...c.parameters } },
				],
				calls: [{ tool: name, args: c.args(state) }],
			});
			// What the model is told: the operation's own tool description, and the inputs it must give.
			expect(listed).toEqual([
				{
					name,
					description: TOOL_DESCRIPTIONS[c.resource][c.operation],
					inputs: Object.keys(c.args(state)).sort(),
				},
			]);
			const [outcome] = outcomes;
			if (outcome.isError) throw new Error(`The tool answered with an error: ${outcome.text}`);
			expectRequest(fx.apiRequests(), c.request(state));
			c.result(parseToolText(outcome.text), state);
		},
	);
});

describe('The tool table', () => {
	it('has one row per operation of the node, in no particular order', () => {
		const node = new Workforce();
		const operations = node.description.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.options as Array<{ value: string }>).map(
					(o) => `${p.displayOptions?.show?.resource?.[0]}.${o.value}`,
				),
			);
		expect(TOOL_CASES.map((c) => `${c.resource}.${c.operation}`).sort()).toEqual(operations.sort());
	});
});
