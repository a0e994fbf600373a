/* Jest global set-up of the end-to-end suite: one real n8n user folder and one emulator for all files. */
import { createWriteStream, rmSync } from 'node:fs';
import { join } from 'node:path';

import { packPackage } from './communityPackage';
import { installThroughN8n } from './communityInstaller';
import { fixtureVars, workforceCredential } from './demoValues';
import { E2E_OWNER } from './e2e';
import { E2E_DIR, E2E_USER_FOLDER, writeState, type E2eState } from './e2eState';
import { emulatorUrls, startEmulatorProcess } from './emulatorProcess';
import { importCredentials, importWorkflows } from './n8nCli';
import { freePort, n8nRuntime, REPO_ROOT } from './runtime';
import { N8nServer } from './n8nServer';
import { hasManualTrigger, loadWorkflowFixtures } from './workflowFixtures';

/** Fixture folders: the suite's own cases, and the sandbox's demo workflows (run to prove they work). */
const FIXTURE_FOLDERS: Array<{ prefix: string; folder: string }> = [
	{ prefix: '', folder: join(REPO_ROOT, 'test', 'e2e', 'workflows') },
	{ prefix: 'sandbox/', folder: join(REPO_ROOT, 'sandbox', 'workflows') },
];

export default async function globalSetup() {
	const started = Date.now();
	const say = (msg: string) =>
		process.stdout.write(`[e2e] ${msg} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
	process.stdout.write('\n');

	const runtime = n8nRuntime();
	say(`n8n ${runtime.version} on ${runtime.node}`);
	rmSync(E2E_DIR, { recursive: true, force: true });
	rmSync(E2E_USER_FOLDER, { recursive: true, force: true });

	const tarball = packPackage(E2E_DIR);
	const userFolder = E2E_USER_FOLDER;
	const cli = { userFolder, port: await freePort(), brokerPort: await freePort() };
	const server = { userFolder, port: await freePort(), brokerPort: await freePort() };
	// As an admin installs it: published to a registry, then Settings > Community Nodes > Install.
	const installer = new N8nServer(
		runtime,
		server,
		createWriteStream(join(E2E_DIR, 'n8n-install.log'), { flags: 'a' }),
	);
	const installed = await installThroughN8n(installer, E2E_OWNER, tarball, E2E_DIR);
	const pkg = { name: installed.packageName, version: installed.installedVersion };
	say(
		`n8n's installer put ${pkg.name}@${pkg.version} (${installed.installedNodes.length} nodes) from a loopback registry (${installed.proxied.length} registry requests through the test's proxy)`,
	);

	const emulatorPort = await freePort();
	const emulator = await startEmulatorProcess(
		runtime.node,
		emulatorPort,
		createWriteStream(join(E2E_DIR, 'emulator.log')),
	);
	emulator.unref();
	(emulator.stdout as unknown as { unref?: () => void })?.unref?.();
	(emulator.stderr as unknown as { unref?: () => void })?.unref?.();
	const urls = emulatorUrls(emulatorPort);
	say(`emulator on ${urls.origin}`);

	try {
		const credential = workforceCredential('wfE2eWorkforce01', 'Workforce (e2e emulator)', urls);
		await importCredentials(runtime, cli, [credential], E2E_DIR);
		say('credential imported');

		const vars = fixtureVars(credential);
		const fixtures = FIXTURE_FOLDERS.flatMap(({ prefix, folder }) =>
			loadWorkflowFixtures(folder, vars).map((f) => ({ ...f, key: prefix + f.name })),
		);
		await importWorkflows(runtime, cli, fixtures, E2E_DIR);
		say(`${fixtures.length} workflows imported`);

		const state: E2eState = {
			runtime,
			cli,
			server,
			emulator: { pid: emulator.pid ?? 0, port: emulatorPort, urls },
			credential,
			workflows: Object.fromEntries(
				fixtures.map((f) => [f.key, { id: f.id, manual: hasManualTrigger(f) }]),
			),
			package: { ...pkg, tarball },
		};
		writeState(state);
	} catch (error) {
		emulator.kill();
		throw error;
	}
}
