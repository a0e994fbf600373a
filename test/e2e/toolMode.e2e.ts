import type { IDataObject } from 'n8n-workflow';

import { TOOL_MODE_MINIMUM_N8N } from '../../nodes/shared/n8nInternals/versionProbe';
import { ai, expectRequest, parseToolText } from '../support/toolCases';
import { mcpServerWorkflow, workforceTool } from './support/aiWorkflows';
import { useE2e, useN8nServer } from './support/e2e';
import { McpClient } from './support/mcpClient';
import { atLeastVersion } from '../support/n8nVersion';

const PATH = 'workforce-tool-mode-smoke';

/**
 * The smoke case of tool mode, on whichever n8n the suite runs (N8N_VERSION): the MCP Server
 * Trigger (on 1.123.81, 2.3.6 and 2.41.1 alike) with four Workforce tools and an MCP client, as
 * an AI application uses them. Where tool mode is proven (n8n's version, read from the runtime, at
 * least TOOL_MODE_MINIMUM_N8N) a routed operation, a custom operation, a binary result and an
 * error answer as a model needs; on an older n8n every call gets the node's refusal naming the
 * version it needs, and nothing reaches the service.
 */
describe('Tool mode on this n8n (MCP Server Trigger)', () => {
	const e2e = useE2e();
	const n8n = useN8nServer();
	const version = e2e.state.runtime.version;
	const proven = atLeastVersion(version, TOOL_MODE_MINIMUM_N8N);
	let client: McpClient;
	let workflowId = '';

	const tools = {
		routed: {
			name: 'wf_smoke_project_get',
			parameters: {
				resource: 'project',
				operation: 'get',
				project: {
					__rl: true,
					mode: 'projectNumber',
					value: ai('projectNumber', 'Project number'),
				},
			},
			args: { projectNumber: 'P-1002' },
		},
		custom: {
			name: 'wf_smoke_timeRegistrations',
			parameters: {
				resource: 'dataExtraction',
				operation: 'getTimeRegistrations',
				returnAll: false,
				limit: ai('limit', 'How many registrations', 'number'),
				fromDateTime: '2000-01-01T00:00:00Z',
			},
			args: { limit: 3 },
		},
		binary: {
			name: 'wf_smoke_images',
			parameters: {
				resource: 'dataExtraction',
				operation: 'getImages',
				returnAll: false,
				limit: ai('limit', 'How many images', 'number'),
				downloadImage: 'thumbnail',
				binaryPropertyName: 'image',
			},
			args: { limit: 1 },
		},
		error: {
			name: 'wf_smoke_payrollLines',
			parameters: {
				resource: 'dataExtraction',
				operation: 'getPayrollLines',
				returnAll: false,
				limit: ai('limit', 'How many lines', 'number'),
			},
			args: { limit: 0 },
		},
	};

	beforeAll(async () => {
		const { credential } = e2e.state;
		workflowId = await n8n.server.createWorkflow(
			mcpServerWorkflow(
				'E2E: Workforce tool mode smoke',
				PATH,
				Object.values(tools).map((t, i) => workforceTool(t.name, t.parameters, credential, i)),
			),
		);
		await n8n.server.activateWorkflow(workflowId);
		client = await McpClient.connect(`http://127.0.0.1:${n8n.server.instance.port}/mcp/${PATH}`);
	}, 180_000);

	afterAll(async () => {
		await client?.close();
		if (workflowId) await n8n.server.deactivateWorkflow(workflowId).catch(() => undefined);
	}, 60_000);

	/** Calls a tool and returns what the client got and what the service received meanwhile. */
	async function call(tool: { name: string; args: IDataObject }) {
		await e2e.emulator.mark();
		const answer = await client.callTool(tool.name, tool.args);
		return { answer, requests: await e2e.emulator.apiRequests() };
	}

	it('the MCP client lists the four tools', async () => {
		expect((await client.listTools()).map((t) => t.name).sort()).toEqual(
			Object.values(tools)
				.map((t) => t.name)
				.sort(),
		);
	});

	if (proven) {
		it(`n8n ${version}: a routed operation (Project > Get) answers with the project`, async () => {
			const { answer, requests } = await call(tools.routed);
			expect([answer.isError, answer.text.slice(0, 300)]).toEqual([false, expect.any(String)]);
			expectRequest(requests, {
				method: 'GET',
				path: '/api/v4/integration/projects/by-project-number/P-1002',
			});
			expect(parseToolText(answer.text)).toEqual([
				expect.objectContaining({ projectNumber: 'P-1002', name: 'School extension Nord' }),
			]);
		});

		it(`n8n ${version}: a custom operation (time registrations) answers with the records`, async () => {
			const { answer, requests } = await call(tools.custom);
			expect([answer.isError, answer.text.slice(0, 300)]).toEqual([false, expect.any(String)]);
			expectRequest(requests, {
				method: 'GET',
				path: '/v1/time-registrations',
				query: { ChunkLimit: '3', FromDateTime: '2000-01-01T00:00:00Z' },
			});
			const items = parseToolText(answer.text);
			expect(items).toHaveLength(3);
			expect(items.every((r) => typeof r.id === 'string')).toBe(true);
		});

		it(`n8n ${version}: a binary result (an image) reaches the model as what the file is, not its bytes`, async () => {
			const { answer, requests } = await call(tools.binary);
			expect([answer.isError, answer.text.slice(0, 300)]).toEqual([false, expect.any(String)]);
			expectRequest(requests, { method: 'GET', path: '/v1/images', query: { ChunkLimit: '1' } });
			const [image] = parseToolText(answer.text);
			expect(image.files).toEqual([
				{
					field: 'image',
					fileName: expect.any(String),
					mimeType: expect.stringMatching(/^image\//),
					fileSize: expect.any(Number),
				},
			]);
		});

		it(`n8n ${version}: an error comes back as an MCP error naming the field and the fix`, async () => {
			const { answer, requests } = await call(tools.error);
			expect(answer.isError).toBe(true);
			expect(answer.text).toContain(
				'Limit must be a whole number of at least 1, not 0. Set Limit to 1 or more, or turn on Return All.',
			);
			expect(requests).toHaveLength(0);
		});
	} else {
		it.each(Object.entries(tools))(
			`n8n ${version} (older than ${TOOL_MODE_MINIMUM_N8N}): the %s tool call gets the node's refusal, and nothing reaches the service`,
			async (_, tool) => {
				const { answer, requests } = await call(tool);
				expect(answer.isError).toBe(true);
				expect(answer.text).toContain(
					`The Workforce node runs as an AI tool on n8n ${TOOL_MODE_MINIMUM_N8N} or newer only, and this n8n is older. Update n8n to ${TOOL_MODE_MINIMUM_N8N} or newer`,
				);
				expect(requests).toHaveLength(0);
			},
		);
	}
});
