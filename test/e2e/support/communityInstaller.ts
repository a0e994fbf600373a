import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

import { LocalRegistry } from './localRegistry';
import type { N8nServer, Owner } from './n8nServer';
import { startRegistryProxy, type RegistryProxy } from './registryProxy';
import { waitFor } from './runtime';

/** A package as n8n's community-packages API answers it (Settings > Community Nodes). */
export interface InstalledPackage {
	packageName: string;
	installedVersion: string;
	installedNodes: Array<{ name: string; type: string; latestVersion: number }>;
}

/** Settings > Community Nodes > Install: `POST /rest/community-packages` (latest when no version). */
export async function installPackage(server: N8nServer, name: string, version?: string) {
	return await server.rest<InstalledPackage>('POST', '/rest/community-packages', {
		name,
		...(version ? { version } : {}),
	});
}

/** The Update button: `PATCH /rest/community-packages` (to the registry's latest when no version). */
export async function updatePackage(server: N8nServer, name: string, version?: string) {
	return await server.rest<InstalledPackage>('PATCH', '/rest/community-packages', {
		name,
		...(version ? { version } : {}),
	});
}

/** Uninstall: `DELETE /rest/community-packages?name=<name>`. */
export async function uninstallPackage(server: N8nServer, name: string) {
	await server.rest('DELETE', `/rest/community-packages?name=${encodeURIComponent(name)}`);
}

export async function installedPackages(server: N8nServer) {
	return (await server.rest<InstalledPackage[]>('GET', '/rest/community-packages')) ?? [];
}

/** Node types the editor's node list holds (`/types/nodes.json`), by name. */
export async function nodeTypeNames(server: N8nServer): Promise<string[]> {
	const types = await server.getJson<Array<{ name: string }>>('/types/nodes.json');
	return types.map((t) => t.name);
}

/**
 * A local registry holding the packed package, and the proxy that makes it n8n's default registry:
 * `server` (not started yet) gets the proxy's settings in its own environment only.
 */
export async function registryFor(
	server: N8nServer,
	tarball: string,
	folder: string,
): Promise<{ registry: LocalRegistry; proxy: RegistryProxy; stop: () => Promise<void> }> {
	const registry = new LocalRegistry();
	await registry.start(join(folder, 'registry.log'));
	let proxy: RegistryProxy | undefined;
	try {
		registry.publish(tarball);
		proxy = await startRegistryProxy(registry.url, join(folder, 'registry-proxy'));
	} catch (error) {
		await registry.stop();
		throw error;
	}
	server.extraEnv = { ...server.extraEnv, ...proxy.env };
	const started = proxy;
	return {
		registry,
		proxy,
		stop: async () => {
			await started.stop();
			await registry.stop();
		},
	};
}

/** Name and version from a packed tarball's package.json. */
export function tarballManifest(tarball: string): { name: string; version: string } {
	return JSON.parse(
		execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
	) as { name: string; version: string };
}

/**
 * Installs the packed package into `server`'s user folder the way an admin does: published to a
 * local registry, then Settings > Community Nodes > Install (n8n's own installer resolves the
 * version from the registry, downloads, checks, loads and records the package and its nodes in
 * its database). Starts `server`, sets up `owner`, installs, checks the node list, stops it all.
 */
export async function installThroughN8n(
	server: N8nServer,
	owner: Owner,
	tarball: string,
	folder: string,
): Promise<InstalledPackage & { proxied: string[] }> {
	const { name, version } = tarballManifest(tarball);
	const { proxy, stop } = await registryFor(server, tarball, folder);
	try {
		await server.start();
		await server.setupOwner(owner);
		await server.login(owner.email, owner.password);
		const installed = await installPackage(server, name);
		if (installed.installedVersion !== version)
			throw new Error(`n8n installed ${name}@${installed.installedVersion}, not ${version}`);
		// n8n 1.x answers the install before it has rewritten the node list: wait for it (30 s at most).
		let missing = installed.installedNodes.map((n) => n.type);
		await waitFor(
			`n8n's node list holding ${name}'s nodes`,
			async () => {
				const listed = await nodeTypeNames(server);
				missing = installed.installedNodes
					.map((n) => n.type)
					.filter((type) => !listed.includes(type));
				return missing.length === 0;
			},
			30_000,
		).catch(() => undefined);
		if (installed.installedNodes.length === 0 || missing.length)
			throw new Error(
				`n8n installed ${name} but its node list lacks ${missing.join(', ') || 'every node'}`,
			);
		return { ...installed, proxied: [...proxy.seen] };
	} finally {
		await server.stop();
		server.extraEnv = {};
		await stop();
	}
}
