import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

/**
 * n8n's own nodes (n8n-nodes-base) from the installed real n8n runtime, to run them through the
 * engine next to this package's credential. The package is not a dev dependency (n8n-nodes-base
 * 2.41.1 brings 88 packages of its own), so these cases live in the e2e suite, whose script
 * installs the runtime anyway (scripts/ensure-n8n.sh) and `npm test` needs only the dev dependencies.
 */
export function n8nNodesBaseDir(): string {
	return runtimePackageDir('n8n-nodes-base');
}

/** A package of the installed n8n runtime (n8n-nodes-base, n8n itself). */
export function runtimePackageDir(name: string): string {
	const runtime =
		process.env.WF_N8N_RUNTIME ??
		join(
			process.env.WF_TOOLS_CACHE ?? join(homedir(), '.cache', 'n8n-nodes-workforce'),
			`n8n-${process.env.N8N_VERSION ?? '2.41.1'}`,
		);
	const dir = join(runtime, 'node_modules', name);
	if (!existsSync(join(runtime, '.ready')) || !existsSync(dir)) {
		throw new Error(
			`No n8n runtime at ${runtime}: run scripts/ensure-n8n.sh once (npm test does it) to install n8n there.`,
		);
	}
	return dir;
}

/** n8n's HTTP Request node in the given version; its current (default) version when none is given. */
export function httpRequestNode(version?: number): { node: INodeType; version: number } {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpRequest } = require(
		join(n8nNodesBaseDir(), 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js'),
	) as { HttpRequest: new () => IVersionedNodeType };
	const versioned = new HttpRequest();
	const chosen = version ?? versioned.description.defaultVersion!;
	return { node: versioned.nodeVersions[chosen] as INodeType, version: chosen };
}
