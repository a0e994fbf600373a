import { ExecutionLifecycleHooks, RoutingNode, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	NodeConnectionTypes,
	Workflow,
	type EngineRequest,
	type EngineResponse,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypeDescription,
	type IRun,
} from 'n8n-workflow';

import type { TestCredentialsHelper } from './credentialsHelper';
import { CREDENTIAL_ID, makeAdditionalData } from './execute';
import { PACKAGE, PackageNodeTypes } from './nodeTypes';

/**
 * The package's node types as a running n8n serves them: a declarative node gets an `execute`
 * that runs its routing (n8n's NodeTypes assigns one), and `<package>.<name>Tool` is the node's
 * AI tool twin: the same node under a description named `<name>Tool` with an `ai_tool` output
 * (what n8n's NodeTypes builds for every `usableAsTool` node; see docs/operations.md, "Use as an AI tool").
 */
export class ToolNodeTypes extends PackageNodeTypes {
	private readonly twins = new Map<string, INodeType>();

	getByNameAndVersion(nodeType: string): INodeType {
		const twin = this.twins.get(nodeType);
		if (twin) return twin;
		const baseName = nodeType.endsWith('Tool') ? nodeType.slice(0, -'Tool'.length) : nodeType;
		const base = asInN8n(super.getByNameAndVersion(baseName));
		if (baseName === nodeType) return base;
		const made = Object.create(base, {
			description: { value: twinDescription(base.description) },
		}) as INodeType;
		this.twins.set(nodeType, made);
		return made;
	}
}

/**
 * A stand-in for what n8n's loader (its cli package's NodeTypes, not in n8n-core) does to a
 * declarative node it serves: gives it an `execute` that runs its routing. Only so the tool cases
 * can run here; n8n's own loader is tested in test/e2e/assignedExecute.e2e.ts and toolMode.e2e.ts.
 */
function asInN8n(node: INodeType): INodeType {
	if (!node.execute && node.description.requestDefaults !== undefined && !node.poll) {
		node.execute = async function (this: IExecuteFunctions) {
			return (await new RoutingNode(this as never, node).runNode()) ?? [];
		};
	}
	return node;
}

function twinDescription(description: INodeTypeDescription): INodeTypeDescription {
	const properties = [...description.properties];
	if (!properties.some((p) => p.name === 'toolDescription')) {
		// n8n's own "Tool Description" pair, added when the node defines none.
		properties.unshift(
			{
				displayName: 'Tool Description',
				name: 'descriptionType',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Set Automatically', value: 'auto' },
					{ name: 'Set Manually', value: 'manual' },
				],
				default: 'auto',
			},
			{
				displayName: 'Description',
				name: 'toolDescription',
				type: 'string',
				default: description.description,
				displayOptions: { show: { descriptionType: ['manual'] } },
			},
		);
	}
	return Object.create(description, {
		name: { value: `${description.name}Tool` },
		displayName: { value: `${description.displayName} Tool` },
		inputs: { value: [] },
		outputs: { value: [NodeConnectionTypes.AiTool] },
		properties: { value: properties },
	}) as INodeTypeDescription;
}

export interface ToolNode {
	/** Node name; the tool's name is derived from it (spaces become underscores). */
	name: string;
	parameters: Record<string, unknown>;
	/** The tool node's version (default 1, what saved workflows of 0.1.0 have). */
	typeVersion?: number;
}

export interface ToolCall {
	/** The tool's name as a model sees it. */
	tool: string;
	args: IDataObject;
}

export interface ListedTool {
	name: string;
	description: string;
	/** The JSON keys of the tool's input schema (its `$fromAI()` parameters). */
	inputs: string[];
}

export interface ToolOutcome {
	/** What the model gets back: the tool's answer as text, or the error's text. */
	text: string;
	isError: boolean;
}

export interface ToolRun {
	listed: ListedTool[];
	outcomes: ToolOutcome[];
	run: IRun;
}

/**
 * How the caller runs the tools, the two ways n8n 2.41 does it:
 * - `direct`: the tool object's own invoke (n8n-core's createNodeAsTool calling the node type's
 *   `execute` in a supply-data context), as the MCP Server Trigger and AI Agents before v3 do;
 * - `engine`: the caller hands tool calls to the workflow engine (an EngineRequest), which runs the
 *   tool node like any node and calls the caller back with its output, as the AI Agent v3 does.
 */
export type ToolPath = 'direct' | 'engine';

const CALLER = 'Tool Caller';

/**
 * Runs Workforce tool nodes the way an AI root node does, through n8n-core's WorkflowExecute:
 * a start node, then a caller node with the tools on its `ai_tool` input, which lists the tools
 * and makes the calls one after the other.
 */
export async function callTools(options: {
	credentials: TestCredentialsHelper;
	tools: ToolNode[];
	calls: ToolCall[];
	via: ToolPath;
}): Promise<ToolRun> {
	const captured: { listed?: ListedTool[]; outcomes?: ToolOutcome[] } = {};
	const caller = callerNode(options.calls, options.via, captured);
	const nodeTypes = new ToolNodeTypes({ 'test.start': startNode, 'test.toolCaller': caller });
	const nodes: INode[] = [
		{
			id: 'start',
			name: 'Start',
			type: 'test.start',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'caller',
			name: CALLER,
			type: 'test.toolCaller',
			typeVersion: 1,
			position: [200, 0],
			parameters: {},
		},
		...options.tools.map((tool, index) => ({
			id: `tool-${index}`,
			name: tool.name,
			type: `${PACKAGE}.workforceTool`,
			typeVersion: tool.typeVersion ?? 1,
			position: [200, 200] as [number, number],
			parameters: tool.parameters as INodeParameters,
			credentials: { workforceApi: { id: CREDENTIAL_ID, name: 'Workforce account' } },
		})),
	];
	const connections = {
		Start: { main: [[{ node: CALLER, type: NodeConnectionTypes.Main, index: 0 }]] },
		...Object.fromEntries(
			options.tools.map((tool) => [
				tool.name,
				{
					[NodeConnectionTypes.AiTool]: [
						[{ node: CALLER, type: NodeConnectionTypes.AiTool, index: 0 }],
					],
				},
			]),
		),
	};
	const workflow = new Workflow({
		id: 'tool-workflow',
		nodes,
		connections,
		nodeTypes,
		active: false,
		settings: { executionOrder: 'v1' },
	});
	const hooks = new ExecutionLifecycleHooks('manual', 'tool-execution', {
		id: 'tool-workflow',
		name: 'tools',
		nodes,
		connections,
		active: false,
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
	} as never);
	let finished!: (run: IRun) => void;
	const done = new Promise<IRun>((resolve) => (finished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finished(run));
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: nodes[0], data: { main: [[{ json: {} }]] }, source: null }],
		},
	});
	await new WorkflowExecute(
		makeAdditionalData(options.credentials, hooks),
		'manual',
		runExecutionData,
	).processRunExecutionData(workflow);
	const run = await done;
	if (!captured.outcomes) {
		const error = run.data.resultData.error;
		throw new Error(
			`The tool caller did not finish: ${error?.message ?? 'no error'} ${error?.description ?? ''}`,
		);
	}
	return { listed: captured.listed ?? [], outcomes: captured.outcomes, run };
}

const startNode: INodeType = {
	description: {
		displayName: 'Start',
		name: 'start',
		group: ['trigger'],
		version: 1,
		description: '',
		defaults: {},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	},
	async execute(this: IExecuteFunctions) {
		return [this.getInputData()];
	},
};

interface DynamicTool {
	name: string;
	description: string;
	schema: { shape?: Record<string, unknown> };
	invoke(args: IDataObject): Promise<unknown>;
}

function callerNode(
	calls: ToolCall[],
	via: ToolPath,
	captured: { listed?: ListedTool[]; outcomes?: ToolOutcome[] },
): INodeType {
	return {
		description: {
			displayName: CALLER,
			name: 'toolCaller',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: [
				NodeConnectionTypes.Main,
				{ type: NodeConnectionTypes.AiTool, displayName: 'Tools' },
			],
			outputs: [NodeConnectionTypes.Main],
			properties: [],
		},
		async execute(
			this: IExecuteFunctions,
			response?: EngineResponse,
		): Promise<INodeExecutionData[][] | EngineRequest> {
			const tools = ((await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) ??
				[]) as DynamicTool[];
			captured.listed = tools.map((t) => ({
				name: t.name,
				description: t.description,
				inputs: Object.keys(t.schema?.shape ?? {}).sort(),
			}));
			const byName = new Map(tools.map((t) => [t.name, t]));
			if (via === 'direct') {
				const outcomes: ToolOutcome[] = [];
				for (const call of calls) {
					const tool = byName.get(call.tool);
					if (!tool)
						throw new Error(`No tool "${call.tool}"; listed: ${[...byName.keys()].join(', ')}`);
					try {
						const answer = await tool.invoke(call.args);
						outcomes.push({
							text: typeof answer === 'string' ? answer : JSON.stringify(answer),
							isError: false,
						});
					} catch (error) {
						// What the MCP Server Trigger sends back for a tool that threw.
						outcomes.push({
							text: `${(error as Error).name}: ${(error as Error).message}`,
							isError: true,
						});
					}
				}
				captured.outcomes = outcomes;
				return [[{ json: { outcomes } as unknown as IDataObject }]];
			}
			if (!response?.actionResponses?.length) {
				return {
					actions: calls.map((call, index) => {
						const nodeName = (
							tools.find((t) => t.name === call.tool) as unknown as {
								metadata?: { sourceNodeName?: string };
							}
						)?.metadata?.sourceNodeName;
						if (!nodeName) throw new Error(`No tool "${call.tool}"`);
						return {
							actionType: 'ExecutionNodeAction' as const,
							nodeName,
							input: call.args,
							type: NodeConnectionTypes.AiTool,
							id: `call-${index}`,
							metadata: { itemIndex: 0 },
						};
					}),
					metadata: {},
				};
			}
			// What the AI Agent v3 makes of a tool node's run: its items' JSON, or its error's message.
			const outcomes = calls.map((_, index) => {
				const answer = response.actionResponses.find((r) => r.action.id === `call-${index}`);
				const items = answer?.data.data?.[NodeConnectionTypes.AiTool]?.[0]?.map((i) => i.json);
				if (items?.length)
					return {
						text: JSON.stringify(items),
						isError:
							items.length === 1 &&
							Object.keys(items[0]).length === 1 &&
							typeof items[0].error === 'string',
					};
				return {
					text: JSON.stringify({ error: answer?.data.error?.message ?? 'no answer' }),
					isError: true,
				};
			});
			captured.outcomes = outcomes;
			return [[{ json: { outcomes } as unknown as IDataObject }]];
		},
	} as INodeType;
}
