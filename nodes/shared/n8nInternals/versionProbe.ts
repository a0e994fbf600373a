import * as n8nWorkflow from 'n8n-workflow';

/**
 * Relies on: n8n lends a community package its own n8n-workflow (the package ships none), and a
 * node file that throws while n8n loads it keeps the package from loading, with the message in
 * n8n's log; n8n has no public way for a package to declare the n8n versions it runs on.
 * `N8N_NODES_API_VERSION` is exported by n8n-workflow on 2.41.1 and not on 2.3.6 or 1.123.81.
 * Proven on n8n 2.41.1, 2.3.6 and 1.123.81 (the smoke suite, test/e2e/toolMode.e2e.ts).
 */

/**
 * Which n8n this package runs on. n8n lends a community package its own n8n-workflow and tells it
 * no version number, so the check reads what that module exports: every runtime export the
 * package uses, and for tool mode an export that the oldest n8n it is proven on has and the
 * versions it was not proven on (2.3.6, 1.123.81) lack.
 */
export const MINIMUM_N8N = '1.123.81';
export const TOOL_MODE_MINIMUM_N8N = '2.41.1';

type WorkflowModule = Record<string, unknown>;

/** Runtime exports of n8n-workflow the nodes and the credential use, and what each must be. */
const NEEDED: Record<string, 'object' | 'function'> = {
	NodeConnectionTypes: 'object',
	NodeApiError: 'function',
	NodeOperationError: 'function',
	sleep: 'function',
};

/** Why the n8n at hand cannot run the package, or undefined when it can. */
export function unsupportedN8n(workflow: WorkflowModule = n8nWorkflow): string | undefined {
	const missing = Object.entries(NEEDED)
		.filter(([name, kind]) => typeof workflow[name] !== kind)
		.map(([name]) => name);
	if (missing.length === 0) return undefined;
	return `n8n-nodes-workforce needs n8n ${MINIMUM_N8N} or newer: this n8n is older (its n8n-workflow lacks ${missing.join(', ')}). Update n8n, or install an older release of the package.`;
}

/** Load-time check: stops the package from loading, with the reason, on an n8n it cannot run on. */
export function assertSupportedN8n(workflow: WorkflowModule = n8nWorkflow): void {
	const reason = unsupportedN8n(workflow);
	if (reason) throw new Error(reason);
}

/** Whether running as an AI tool (AI Agent, MCP Server Trigger) is proven on the n8n at hand. */
export function toolModeSupported(workflow: WorkflowModule = n8nWorkflow): boolean {
	return typeof workflow.N8N_NODES_API_VERSION === 'number';
}
