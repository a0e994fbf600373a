import type { INodeTypeDescription } from 'n8n-workflow';

/**
 * Relies on: n8n's loader adds "Custom API Call" (the HTTP Request node with the node's
 * credential) to the Resource and Operation options of a node whose credential authenticates
 * requests, only when the node's `defaultVersion` is unset or equals its `version` (the cli
 * package's LoadNodesAndCredentials.injectCustomApiCallOptions). A node of several versions has
 * an array there, which never equals a default, so it sets none: the editor then gives a new
 * node the last of `version`.
 * Proven on n8n 2.41.1 (test/e2e/engine/customApiCall.e2e.ts runs that loader step of the
 * installed n8n, test/e2e/customApiCall.e2e.ts reads the editor's node list).
 */
export function versionsKeepingCustomApiCall(
	...versions: number[]
): Pick<INodeTypeDescription, 'version'> {
	return { version: versions };
}
