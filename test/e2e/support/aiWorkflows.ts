import { randomUUID } from 'node:crypto';

import type { E2eState } from './e2eState';

/** n8n's AI nodes (the MCP Server Trigger, the AI Agent, the OpenAI chat model) and the Workforce tool twin, as workflow JSON. */

export const MCP_TRIGGER = 'MCP Server Trigger';
export const WORKFORCE_TOOL_TYPE = 'n8n-nodes-workforce.workforceTool';

type Node = Record<string, unknown> & { name: string };

/** A Workforce node as an AI tool (`<package>.workforceTool`, the twin n8n makes of every `usableAsTool` node). */
export function workforceTool(
	name: string,
	parameters: Record<string, unknown>,
	credential: E2eState['credential'],
	index: number,
	typeVersion = 1,
): Node {
	return {
		id: randomUUID(),
		name,
		type: WORKFORCE_TOOL_TYPE,
		typeVersion,
		position: [200 + 220 * (index % 10), 300 + 160 * Math.floor(index / 10)],
		parameters,
		credentials: { workforceApi: { id: credential.id, name: credential.name } },
	};
}

/** Every tool on one input (`ai_tool`) of the node named `to`. */
export function toolConnections(tools: Node[], to: string): Record<string, unknown> {
	return Object.fromEntries(
		tools.map((t) => [t.name, { ai_tool: [[{ node: to, type: 'ai_tool', index: 0 }]] }]),
	);
}

/** An MCP Server Trigger (v2: streamable HTTP at `/mcp/<path>`, no authentication) exposing the tools. */
export function mcpServerWorkflow(
	name: string,
	path: string,
	tools: Node[],
): Record<string, unknown> {
	return {
		name,
		nodes: [
			{
				id: randomUUID(),
				name: MCP_TRIGGER,
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: { path },
			},
			...tools,
		],
		connections: toolConnections(tools, MCP_TRIGGER),
		settings: { executionOrder: 'v1' },
	};
}

export interface AgentWorkflowOptions {
	name: string;
	/** Webhook path: POST `/webhook/<path>` with `{ "question": ... }` runs the agent and answers with its output. */
	path: string;
	openAiCredential: { id: string; name: string };
	tools: Node[];
}

/**
 * Webhook -> AI Agent (n8n's default version) with n8n's OpenAI chat model (Chat Completions,
 * not the Responses API) and the tools; the webhook answers with the agent's output.
 */
export function agentWorkflow(options: AgentWorkflowOptions): Record<string, unknown> {
	const agent = 'AI Agent';
	const model = 'OpenAI Chat Model';
	return {
		name: options.name,
		nodes: [
			{
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: {
					httpMethod: 'POST',
					path: options.path,
					responseMode: 'lastNode',
					options: {},
				},
			},
			{
				id: randomUUID(),
				name: agent,
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 3.1,
				position: [240, 0],
				parameters: {
					promptType: 'define',
					text: '={{ $json.body.question }}',
					options: { systemMessage: 'You help with the Workforce service.' },
				},
			},
			{
				id: randomUUID(),
				name: model,
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.3,
				position: [120, 200],
				parameters: {
					model: { __rl: true, mode: 'id', value: 'stub-model' },
					responsesApiEnabled: false,
					options: { maxRetries: 0 },
				},
				credentials: { openAiApi: options.openAiCredential },
			},
			...options.tools,
		],
		connections: {
			Webhook: { main: [[{ node: agent, type: 'main', index: 0 }]] },
			[model]: { ai_languageModel: [[{ node: agent, type: 'ai_languageModel', index: 0 }]] },
			...toolConnections(options.tools, agent),
		},
		settings: {
			executionOrder: 'v1',
			saveDataSuccessExecution: 'all',
			saveDataErrorExecution: 'all',
		},
	};
}
