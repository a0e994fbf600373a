import {
	NodeOperationError,
	type EngineResponse,
	type IExecuteFunctions,
	type NodeOutput,
} from 'n8n-workflow';

import type { ExecuteFunction } from '../../shared/n8nInternals/assignedExecute';
import { TOOL_MODE_MINIMUM_N8N, toolModeSupported } from '../../shared/n8nInternals/versionProbe';
import { isToolMode } from '../../shared/n8nInternals/toolMode';
import { errorForModel, outputForModel } from './result';

export type CustomOperation = (this: IExecuteFunctions) => Promise<NodeOutput>;
export type CustomOperations = Record<string, Record<string, CustomOperation>>;

/** Runs an operation; as a tool, its answer and its errors are shaped for a model (see result.ts). */
async function answer(ctx: IExecuteFunctions, run: () => Promise<NodeOutput>): Promise<NodeOutput> {
	if (!isToolMode(ctx)) return await run();
	// The fix goes into the message: an AI Agent hands the model an error's message only.
	if (!toolModeSupported())
		throw new NodeOperationError(
			ctx.getNode(),
			`The Workforce node runs as an AI tool on n8n ${TOOL_MODE_MINIMUM_N8N} or newer only, and this n8n is older. Update n8n to ${TOOL_MODE_MINIMUM_N8N} or newer, or use the Workforce node in a regular workflow.`,
			{
				description: `Tool mode is proven on n8n ${TOOL_MODE_MINIMUM_N8N} and not on older versions: see the Compatibility table in the README.`,
			},
		);
	try {
		return outputForModel(ctx, await run());
	} catch (error) {
		throw errorForModel(error);
	}
}

/** Every custom operation, shaped for a model when it runs as a tool. */
export function forModels(operations: CustomOperations): CustomOperations {
	return Object.fromEntries(
		Object.entries(operations).map(([resource, byOperation]) => [
			resource,
			Object.fromEntries(
				Object.entries(byOperation).map(([operation, run]) => [
					operation,
					async function (this: IExecuteFunctions) {
						return await answer(this, async () => await run.call(this));
					},
				]),
			),
		]),
	);
}

/**
 * The node's `execute`, built around the one n8n gives a declarative node. n8n 2.x assigns every
 * declarative node an `execute` that runs its routing, and only the workflow engine looks at
 * `customOperations` first; the tool object n8n makes of the node (MCP Server Trigger, AI Agents
 * before v3, queue-mode tool jobs) calls `execute` directly, which sent a custom operation's call
 * to the bare base URL. Here the custom operation of the node's resource and operation runs
 * instead, and routed operations keep n8n's routing.
 */
export function customOperationsFirst(
	operations: CustomOperations,
	routing: ExecuteFunction,
): ExecuteFunction {
	return async function (this: IExecuteFunctions, response?: EngineResponse) {
		const { resource, operation } = this.getNode().parameters;
		const custom =
			typeof resource === 'string' && typeof operation === 'string'
				? operations[resource]?.[operation]
				: undefined;
		if (custom) return await custom.call(this);
		return await answer(this, async () => await routing.call(this, response));
	};
}
