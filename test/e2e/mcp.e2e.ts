import {
	expectCaseRequest,
	parseToolText,
	TOOL_CASES,
	toolNodeName,
	type CaseState,
} from '../support/toolCases';
import {
	TOOL_DESCRIPTIONS,
	TOOL_DESCRIPTIONS_FROM_VERSION_2,
} from '../../nodes/Workforce/tool/descriptions';
import { mcpServerWorkflow, workforceTool } from './support/aiWorkflows';
import { useE2e, useN8nServer } from './support/e2e';
import { McpClient, type ListedTool } from './support/mcpClient';

const PATH = 'workforce-tools-e2e';

/**
 * Every operation of the Workforce node as an MCP tool in a real n8n: one active workflow with
 * the MCP Server Trigger and one Workforce tool node per operation (built from the table in
 * test/support/toolCases.ts), an MCP client that lists the tools and calls each with the
 * arguments a model would send; each call is checked against the request the emulator received
 * and the result the client got back.
 */
describe('Every operation as an MCP tool in a real n8n', () => {
	const e2e = useE2e();
	const n8n = useN8nServer();
	const state: CaseState = { tag: 'MCP' };
	let client: McpClient;
	let tools: ListedTool[] = [];
	let workflowId = '';

	/**
	 * More tools than one per operation: a Return All over the tool's limit, an error, and a
	 * payroll export of version 2 (what the editor adds today), whose text names its Period.
	 */
	const extra: Record<
		string,
		{ name: string; parameters: Record<string, unknown>; typeVersion?: number }
	> = {
		returnAll: {
			name: 'wf_limit_returnAll',
			parameters: {
				resource: 'dataExtraction',
				operation: 'getTimeRegistrations',
				returnAll: true,
				fromDateTime: '2000-01-01T00:00:00Z',
			},
		},
		badLimit: {
			name: 'wf_error_limit',
			parameters: {
				resource: 'dataExtraction',
				operation: 'getPayrollLines',
				returnAll: false,
				limit: "={{ $fromAI('limit', 'How many lines', 'number') }}",
			},
		},
		payrollVersion2: {
			name: 'wf_payroll_version_2',
			typeVersion: 2,
			parameters: { resource: 'payrollExport', operation: 'getSummaryLines' },
		},
	};

	beforeAll(async () => {
		const { credential } = e2e.state;
		const nodes = [
			...TOOL_CASES.map((c, i) =>
				workforceTool(
					toolNodeName(c),
					{ resource: c.resource, operation: c.operation, ...c.parameters },
					credential,
					i,
					c.typeVersion,
				),
			),
			...Object.values(extra).map((t, i) =>
				workforceTool(t.name, t.parameters, credential, TOOL_CASES.length + i, t.typeVersion),
			),
		];
		workflowId = await n8n.server.createWorkflow(
			mcpServerWorkflow('E2E: Workforce tools over MCP', PATH, nodes),
		);
		const { versionId } = await n8n.server.rest<{ versionId: string }>(
			'GET',
			`/rest/workflows/${workflowId}`,
		);
		await n8n.server.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId });
		client = await McpClient.connect(`http://127.0.0.1:${n8n.server.instance.port}/mcp/${PATH}`);
		tools = await client.listTools();
	}, 180_000);

	afterAll(async () => {
		await client?.close();
		if (workflowId)
			await n8n.server
				.rest('POST', `/rest/workflows/${workflowId}/deactivate`, {})
				.catch(() => undefined);
	}, 60_000);

	it('lists one tool per operation, each with its description and the inputs its $fromAI() parameters ask for', () => {
		expect(tools.map((t) => t.name).sort()).toEqual(
			[...TOOL_CASES.map(toolNodeName), ...Object.values(extra).map((t) => t.name)].sort(),
		);
		for (const c of TOOL_CASES) {
			const tool = tools.find((t) => t.name === toolNodeName(c))!;
			expect([tool.name, tool.description]).toEqual([
				toolNodeName(c),
				TOOL_DESCRIPTIONS[c.resource][c.operation],
			]);
			expect([tool.name, Object.keys(tool.inputSchema.properties ?? {}).sort()]).toEqual([
				tool.name,
				Object.keys(c.args(state)).sort(),
			]);
		}
		// The tool cases' nodes are version 1 (saved workflows); a node of version 2 says Period.
		expect(tools.find((t) => t.name === extra.payrollVersion2.name)?.description).toBe(
			TOOL_DESCRIPTIONS_FROM_VERSION_2.payrollExport.getSummaryLines,
		);
	});

	it.each(TOOL_CASES.map((c) => [`${c.resource} > ${c.operation}`, c] as const))(
		'%s',
		async (_, c) => {
			await e2e.emulator.mark();
			const answer = await client.callTool(toolNodeName(c), c.args(state));
			if (answer.isError) throw new Error(`The tool answered with an error: ${answer.text}`);
			expectCaseRequest(await e2e.emulator.apiRequests(), c, state);
			c.result(parseToolText(answer.text), state);
		},
	);

	it('Return All stops at the Tool Result Limit (50) and says so; one page of 51 records was read', async () => {
		await e2e.emulator.mark();
		const answer = await client.callTool(extra.returnAll.name, {});
		expect(answer.isError).toBe(false);
		const items = parseToolText(answer.text);
		expect(items).toHaveLength(51);
		expect(items[50]).toEqual({
			truncated: true,
			note: expect.stringContaining('Tool Result Limit'),
		});
		const pages = (await e2e.emulator.apiRequests()).filter(
			(r) => r.path === '/v1/time-registrations',
		);
		expect(pages.map((r) => r.query.ChunkLimit)).toEqual([['51']]);
	});

	it('an error comes back as an MCP error whose text names the field and the fix', async () => {
		await e2e.emulator.mark();
		const answer = await client.callTool(extra.badLimit.name, { limit: 0 });
		expect(answer.isError).toBe(true);
		expect(answer.text).toContain(
			'Limit must be a whole number of at least 1, not 0. Set Limit to 1 or more, or turn on Return All.',
		);
		expect(await e2e.emulator.apiRequests()).toHaveLength(0);
	});
});
