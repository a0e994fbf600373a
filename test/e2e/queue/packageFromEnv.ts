/**
 * The package in the queue stack the way a queue-mode operator installs it: listed in
 * N8N_COMMUNITY_PACKAGES with N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV, fetched by n8n's own installer
 * from the stack's local registry (through the registry proxy, in the n8n processes' environment
 * only). What n8n 2.41.1 does with it, read in its dist (commands/start.js, commands/worker.js,
 * instance-settings-loader/, modules/community-packages/):
 * - `n8n start` (main only) runs the instance-settings loader: it installs the listed package,
 *   records it and its nodes in the shared database, and publishes `community-package-install`.
 * - `n8n worker` never runs that loader: N8N_COMMUNITY_PACKAGES is ignored there. At start-up a
 *   worker reads the database's installed packages and, with N8N_REINSTALL_MISSING_PACKAGES=true,
 *   installs each one it lacks through the same installer; without it, it only warns "n8n detected
 *   that some packages are missing". A worker already running when the main installs gets the
 *   pub/sub command instead.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PackageRef {
	name: string;
	version: string;
}

/** Environment of every n8n process of the stack (main and workers): the package from the env. */
export function packageFromEnv(pkg: PackageRef): NodeJS.ProcessEnv {
	return {
		N8N_COMMUNITY_PACKAGES: JSON.stringify([{ name: pkg.name, version: pkg.version }]),
		N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV: 'true',
		// What makes a worker install what the main recorded (workers do not read the list above).
		N8N_REINSTALL_MISSING_PACKAGES: 'true',
	};
}

/** The lines of n8n's log that say it installed the package itself (main: from the env list). */
export function installLines(pkg: PackageRef, role: 'main' | 'worker'): string[] {
	return role === 'main'
		? [
				`Installed community package '${pkg.name}@${pkg.version}' from env`,
				`Community package installed: ${pkg.name}`,
			]
		: ['Attempting to reinstall missing packages', `Community package installed: ${pkg.name}`];
}

/** Requests the registry proxy answered for the package (its log: `seen <method> <url>`). */
export function proxiedRequests(proxyLog: string, pkg: PackageRef): string[] {
	return readFileSync(proxyLog, 'utf8')
		.split('\n')
		.filter((line) => line.startsWith('seen ') && line.includes(`/${pkg.name}`))
		.map((line) => line.slice(5));
}

/**
 * Whether the npm cache of one instance holds the package's tarball: npm, run by n8n's installer
 * in that instance, downloaded it itself (the registry's packument, reached through the proxy,
 * points the tarball at the local registry on loopback, which npm fetches directly).
 */
function tarballInCache(npmCache: string, pkg: PackageRef): boolean {
	const index = join(npmCache, '_cacache', 'index-v5');
	if (!existsSync(index)) return false;
	const tarball = `/${pkg.name}/-/${pkg.name}-${pkg.version}.tgz`;
	return readdirSync(index, { recursive: true, withFileTypes: true }).some(
		(entry) =>
			entry.isFile() && readFileSync(join(entry.parentPath, entry.name), 'utf8').includes(tarball),
	);
}

/**
 * Checks that an n8n instance installed the package itself, into its own user folder: the
 * package's files (a real folder, not a link) at the listed version, n8n's ledger
 * (`.n8n/nodes/package.json`) naming it, the tarball in the instance's own npm cache, and n8n's
 * log saying it installed it. Throws with what is missing.
 */
export function checkOwnInstall(
	pkg: PackageRef,
	userFolder: string,
	npmCache: string,
	log: string,
	role: 'main' | 'worker',
): void {
	const nodes = join(userFolder, '.n8n', 'nodes');
	const folder = join(nodes, 'node_modules', pkg.name);
	const problems: string[] = [];
	try {
		if (!lstatSync(folder).isDirectory()) problems.push(`${folder} is not a folder`);
		const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as PackageRef;
		if (manifest.version !== pkg.version)
			problems.push(`${folder} holds ${manifest.version}, not ${pkg.version}`);
	} catch {
		problems.push(`${folder} is missing`);
	}
	try {
		const ledger = JSON.parse(readFileSync(join(nodes, 'package.json'), 'utf8')) as {
			dependencies?: Record<string, string>;
		};
		if (ledger.dependencies?.[pkg.name] !== pkg.version)
			problems.push(`n8n's ledger ${nodes}/package.json does not list ${pkg.name}@${pkg.version}`);
	} catch {
		problems.push(`n8n's ledger ${nodes}/package.json is missing`);
	}
	if (!tarballInCache(npmCache, pkg))
		problems.push(`npm's cache ${npmCache} of this instance never downloaded the tarball`);
	const text = readFileSync(log, 'utf8');
	for (const line of installLines(pkg, role))
		if (!text.includes(line)) problems.push(`${log} lacks "${line}"`);
	if (problems.length) throw new Error(`${pkg.name} not installed by n8n: ${problems.join('; ')}`);
}
