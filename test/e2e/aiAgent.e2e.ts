import { fetch } from 'undici';

import { ai, parseToolText } from '../support/toolCases';
import { agentWorkflow, workforceTool } from './support/aiWorkflows';
import { useE2e, useN8nServer } from './support/e2e';
import { waitFor } from './support/runtime';
import { StubModel, type ChatRequest } from './support/stubModel';

const PATH = 'workforce-agent-e2e';
const GET_PROJECT = 'wf_project_get';
const LIST_WORK_ORDERS = 'wf_workOrder_getAll';

/**
 * n8n's AI Agent with two Workforce tools, driven by a scripted model (test/e2e/support/stubModel.ts)
 * through n8n's own OpenAI chat model node: the model asks for a project by number, then for its
 * work orders by the id it got back, then answers from both results.
 */
describe("Workforce tools through n8n's AI Agent in a real n8n", () => {
	const e2e = useE2e();
	const n8n = useN8nServer();
	let workflowId = '';

	const model = new StubModel((request: ChatRequest, turn: number) => {
		if (turn === 0)
			return { toolCalls: [{ name: GET_PROJECT, args: { projectNumber: 'P-1002' } }] };
		const results = StubModel.toolResults(request);
		if (turn === 1) {
			const [project] = parseToolText(results[0]);
			return { toolCalls: [{ name: LIST_WORK_ORDERS, args: { projectId: project.id } }] };
		}
		const [project] = parseToolText(results[0]);
		const workOrders = parseToolText(results[1]);
		return {
			text: `${String(project.name)} has ${workOrders.length} work orders: ${workOrders.map((w) => w.externalId).join(', ')}.`,
		};
	});

	beforeAll(async () => {
		const baseUrl = await model.start();
		const { credential } = e2e.state;
		const openAi = await n8n.server.createCredential({
			name: 'Stub model (e2e)',
			type: 'openAiApi',
			data: { apiKey: 'sk-stub-e2e', url: baseUrl },
		});
		workflowId = await n8n.server.createWorkflow(
			agentWorkflow({
				name: 'E2E: AI Agent with Workforce tools',
				path: PATH,
				openAiCredential: { id: openAi, name: 'Stub model (e2e)' },
				tools: [
					workforceTool(
						GET_PROJECT,
						{
							resource: 'project',
							operation: 'get',
							project: {
								__rl: true,
								mode: 'projectNumber',
								value: ai('projectNumber', 'Project number, e.g. P-1001'),
							},
						},
						credential,
						0,
					),
					workforceTool(
						LIST_WORK_ORDERS,
						{
							resource: 'workOrder',
							operation: 'getAll',
							project: { __rl: true, mode: 'id', value: ai('projectId', 'Project ID') },
							returnAll: true,
						},
						credential,
						1,
					),
				],
			}),
		);
		const { versionId } = await n8n.server.rest<{ versionId: string }>(
			'GET',
			`/rest/workflows/${workflowId}`,
		);
		await n8n.server.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId });
	}, 180_000);

	afterAll(async () => {
		if (workflowId)
			await n8n.server
				.rest('POST', `/rest/workflows/${workflowId}/deactivate`, {})
				.catch(() => undefined);
		await model.stop();
	}, 60_000);

	it('calls two Workforce tools in sequence; the model gets each result and answers from them', async () => {
		// The work orders P-1002 has now (other files of the run may have added some: the emulator is shared).
		const p1002 = (await e2e.emulator.serviceGet(
			'/api/v4/integration/projects/by-project-number/P-1002',
		)) as { id: string };
		const current = (await e2e.emulator.serviceGet(
			`/api/v4/integration/tasks/project/${p1002.id}`,
		)) as Array<{ externalId: string }>;
		expect(current.map((w) => w.externalId)).toEqual(
			expect.arrayContaining(['P-1002-1', 'P-1002-2']),
		);
		await e2e.emulator.mark();
		const answer = await ask('How many work orders does project P-1002 have?');
		expect(answer).toEqual({
			output: `School extension Nord has ${current.length} work orders: ${current.map((w) => w.externalId).join(', ')}.`,
		});

		// What n8n offered the model: both tools, with their descriptions and inputs.
		const offered = Object.fromEntries(
			(model.requests[0].tools ?? []).map((t) => [t.function.name, t.function]),
		);
		expect(Object.keys(offered).sort()).toEqual([GET_PROJECT, LIST_WORK_ORDERS]);
		expect(offered[GET_PROJECT].description).toContain('Get one project from Workforce');
		expect(Object.keys(offered[GET_PROJECT].parameters?.properties ?? {})).toEqual([
			'projectNumber',
		]);
		expect(Object.keys(offered[LIST_WORK_ORDERS].parameters?.properties ?? {})).toEqual([
			'projectId',
		]);

		// The tool results n8n passed back: the project, then its work orders.
		expect(model.requests).toHaveLength(3);
		const [project] = parseToolText(StubModel.toolResults(model.requests[1])[0]);
		expect(project).toMatchObject({ projectNumber: 'P-1002', name: 'School extension Nord' });
		const workOrders = parseToolText(StubModel.toolResults(model.requests[2])[1]);
		expect(workOrders.map((w) => [w.externalId, w.projectId])).toEqual(
			current.map((w) => [w.externalId, project.id]),
		);

		// What the service received, in that order.
		expect(
			(await e2e.emulator.apiRequests()).map((r) => `${r.method} ${r.path} ${r.status}`),
		).toEqual([
			'GET /api/v4/integration/projects/by-project-number/P-1002 200',
			`GET /api/v4/integration/tasks/project/${String(project.id)} 200`,
		]);
	});

	/** Posts the question to the workflow's webhook (waiting until n8n has registered it) and answers the agent's output. */
	async function ask(question: string): Promise<unknown> {
		const url = `http://127.0.0.1:${n8n.server.instance.port}/webhook/${PATH}`;
		let response: Awaited<ReturnType<typeof fetch>> | undefined;
		await waitFor(
			'the agent webhook',
			async () => {
				response = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ question }),
				});
				if (response.status === 404) await response.text();
				return response.status !== 404;
			},
			30_000,
		);
		const text = await response!.text();
		if (!response!.ok)
			throw new Error(
				`Webhook answered ${response!.status}: ${text.slice(0, 1000)}\n${n8n.server.log.slice(-3000)}`,
			);
		return JSON.parse(text) as unknown;
	}
});
