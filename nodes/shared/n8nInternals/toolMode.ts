import type { INode } from 'n8n-workflow';

/**
 * Relies on: n8n names the AI tool twin of a `usableAsTool` node `<type>Tool` (n8n's NodeTypes)
 * and gives a tool object's run a context whose `isToolExecution()` is true; neither is a typed
 * promise of n8n's node API. Proven on n8n 2.41.1 (test/e2e/toolMode.e2e.ts, test/e2e/aiAgent.e2e.ts,
 * test/e2e/mcp.e2e.ts); 2.3.6 and 1.123.81 refuse tool mode (versionProbe.ts).
 */

/** What both kinds of execution context offer (a supply-data context when a tool object is invoked, an execute context when the engine runs the tool node). */
export interface ToolModeContext {
	getNode(): INode;
	isToolExecution?: () => boolean;
}

/**
 * Whether this run answers a model. n8n runs a tool two ways: through the tool object
 * (MCP Server Trigger, queue-mode tool jobs), where `isToolExecution()` says so, and as a node the
 * engine runs for the AI Agent v3, where it does not; in both the node is the `<name>Tool` twin
 * n8n builds for `usableAsTool` nodes (the type the `@tool` display option tests as well).
 */
export function isToolMode(ctx: ToolModeContext): boolean {
	if (typeof ctx.isToolExecution === 'function' && ctx.isToolExecution()) return true;
	return /Tool$/.test(ctx.getNode().type);
}
