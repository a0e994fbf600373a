import { TOOL_DESCRIPTIONS } from '../../nodes/Workforce/tool/descriptions';
import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { callTools, type ToolPath } from '../harness/tools';
import { useEmulator } from '../support/emulatorFixture';
import {
	expectCaseRequest,
	parseToolText,
	TOOL_CASES,
	toolNodeName,
	type CaseState,
	type ToolCase,
} from '../support/toolCases';

/**
 * The table's rows by the records they share: a row reads what the rows before it in its chain
 * made (a project, its work order and document; a machine; a user; an employee; an image).
 * Reads of the seeded data (machine types, payroll export) form chains of their own.
 */
const CHAIN: Record<string, string> = {
	project: 'project',
	workOrder: 'project',
	document: 'project',
	machineType: 'machineType',
	machine: 'machine',
	user: 'user',
	employee: 'employee',
	dataExtraction: 'extraction',
	file: 'extraction',
	payrollExport: 'payrollExport',
};

/** The rows before `c` in its chain, in table order: what a case replays to have its records. */
function chainBefore(c: ToolCase): ToolCase[] {
	const index = TOOL_CASES.indexOf(c);
	return TOOL_CASES.slice(0, index).filter((r) => CHAIN[r.resource] === CHAIN[c.resource]);
}

/**
 * Every operation of the node called as an AI tool through n8n-core, both ways n8n runs tools
 * (see test/harness/tools.ts): the request the service received and the answer the model got.
 * The same table runs in a real n8n behind the MCP Server Trigger (test/e2e/mcp.e2e.ts). Each case
 * stands alone, in any order: on a fresh service it first runs the rows of its chain before it
 * (making its own project, machine, user or employee), then its row.
 */
describe.each<ToolPath>(['direct', 'engine'])('Every operation as a tool (%s)', (via) => {
	// A fresh service per case (about 15 ms): a row's records (a user's phone number) are unique.
	const fx = useEmulator(undefined, { perTest: true });

	async function run(c: ToolCase, state: CaseState) {
		const name = toolNodeName(c);
		const { outcomes, listed } = await callTools({
			credentials: fx.credentials,
			via,
			tools: [
				{
					name,
					typeVersion: c.typeVersion,
					parameters: { resource: c.resource, operation: c.operation, ...c.parameters },
				},
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
		expectCaseRequest(fx.apiRequests(), c, state);
		c.result(parseToolText(outcome.text), state);
	}

	it.each(TOOL_CASES.map((c) => [`${c.resource} > ${c.operation}`, c] as const))(
		'%s',
		async (_, c) => {
			const state: CaseState = { tag: via.toUpperCase() };
			for (const before of chainBefore(c)) {
				try {
					await run(before, state);
				} catch (error) {
					throw new Error(
						`Preparing with ${before.resource} > ${before.operation} failed: ${(error as Error).message}`,
					);
				}
				fx.mark();
			}
			await run(c, state);
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
		// Version 2's selector lists version 1's operations again, with its own after them.
		expect(TOOL_CASES.map((c) => `${c.resource}.${c.operation}`).sort()).toEqual(
			[...new Set(operations)].sort(),
		);
	});

	it('puts every resource of it in a chain', () => {
		expect(
			TOOL_CASES.filter((c) => CHAIN[c.resource] === undefined).map((c) => c.resource),
		).toEqual([]);
	});
});
