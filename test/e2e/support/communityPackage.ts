import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from './runtime';

/** `npm pack` of the built package (run `npm run build` first): the path of the tarball. */
export function packPackage(destination: string): string {
	mkdirSync(destination, { recursive: true });
	const out = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
		cwd: REPO_ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const [packed] = JSON.parse(out) as Array<{ filename: string; files: Array<{ path: string }> }>;
	if (!packed.files.some((f) => f.path.startsWith('dist/nodes/'))) {
		throw new Error('The packed package holds no dist/nodes: run `npm run build` first.');
	}
	return join(destination, packed.filename);
}

/**
 * Installs a package tarball into an n8n user folder the way Settings > Community Nodes does
 * (n8n 2.41 CommunityPackagesService.downloadPackage): unpack into
 * `.n8n/nodes/node_modules/<name>`, drop dev/peer/optional dependencies from its package.json,
 * and list it in `.n8n/nodes/package.json`. n8n loads it at start-up. Our package has no runtime
 * dependencies, so the `npm install` n8n runs inside the package folder would do nothing.
 */
export function installCommunityPackage(
	tarball: string,
	userFolder: string,
): { name: string; version: string } {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const staging = join(nodesDir, '.unpack');
	rmSync(staging, { recursive: true, force: true });
	mkdirSync(staging, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', staging, '--strip-components=1']);
	const manifestPath = join(staging, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...manifest } = JSON.parse(
		readFileSync(manifestPath, 'utf8'),
	) as Record<string, unknown> & {
		name: string;
		version: string;
		dependencies?: Record<string, string>;
	};
	void devDependencies;
	void peerDependencies;
	void optionalDependencies;
	if (manifest.dependencies && Object.keys(manifest.dependencies).length) {
		throw new Error(
			`A community node package must have no runtime dependencies; found ${Object.keys(manifest.dependencies).join(', ')}`,
		);
	}
	writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));

	const target = join(nodesDir, 'node_modules', manifest.name);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(join(nodesDir, 'node_modules'), { recursive: true });
	execFileSync('mv', [staging, target]);

	const listPath = join(nodesDir, 'package.json');
	let list: { name: string; private: boolean; dependencies: Record<string, string> } = {
		name: 'installed-nodes',
		private: true,
		dependencies: {},
	};
	try {
		list = { ...list, ...(JSON.parse(readFileSync(listPath, 'utf8')) as typeof list) };
	} catch {
		// first package in this user folder
	}
	list.dependencies = { ...list.dependencies, [manifest.name]: manifest.version };
	writeFileSync(listPath, JSON.stringify(list, null, 2));
	assertNothingShadowsN8n(target);
	return { name: manifest.name, version: manifest.version };
}

/**
 * n8n lets community packages resolve `n8n-workflow` to its own copy (through NODE_PATH). A
 * node_modules folder above the user folder (say, this repository's, when the user folder lies
 * inside it) would win instead: a second n8n-workflow whose error classes n8n does not recognise.
 * The user folder must therefore lie outside any project.
 */
function assertNothingShadowsN8n(packageDir: string) {
	let found: string | undefined;
	try {
		found = require.resolve('n8n-workflow', { paths: [packageDir] });
	} catch {
		return;
	}
	throw new Error(
		`${packageDir} resolves n8n-workflow to ${found}, not to n8n's own copy: put the n8n user folder outside any folder with a node_modules above it.`,
	);
}
