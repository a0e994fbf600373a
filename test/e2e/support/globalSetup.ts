/*
 * Jest global set-up of the end-to-end suite: one real n8n user folder, one `n8n start` on it and one
 * emulator for all files (stopped by globalTeardown.ts), and a copy of the folder for `n8n execute`.
 */
import { cpSync, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { packPackage } from './communityPackage';
import { installThroughN8n } from './communityInstaller';
import { fixtureVars, WAREHOUSE_CREDENTIAL, workforceCredential } from './demoValues';
import { E2E_OWNER } from './e2e';
import { checkoutTag, E2E_DIR, E2E_USER_FOLDER, writeState, type E2eState } from './e2eState';
import { emulatorUrls, startEmulatorProcess } from './emulatorProcess';
import { importCredentials, importWorkflows, type CredentialFixture } from './n8nCli';
import { freePort, n8nRuntime, progressLog } from './runtime';
import { N8nServer } from './n8nServer';
import { startWarehouse, warehouseCredentialData } from './warehouseDatabase';
import { loadSuiteFixtures, manualTriggerName } from './workflowFixtures';

/** The suite's `n8n start`, for globalTeardown (jest shares globalThis between the two only). */
export const SUITE_SERVER = Symbol.for('n8n-nodes-workforce.e2e.suiteServer');

export default async function globalSetup() {
	const say = progressLog('e2e');
	process.stdout.write('\n');

	const runtime = n8nRuntime();
	say(`n8n ${runtime.version} on ${runtime.node}`);
	rmSync(E2E_DIR, { recursive: true, force: true });
	rmSync(E2E_USER_FOLDER, { recursive: true, force: true });
	const cliFolder = join(dirname(E2E_USER_FOLDER), 'n8n-cli');
	rmSync(cliFolder, { recursive: true, force: true });

	const tarball = packPackage(E2E_DIR);
	const userFolder = E2E_USER_FOLDER;
	// Where the demos write files (the nightly extraction), as the sandbox lets them.
	const filesFolder = join(E2E_DIR, 'files');
	mkdirSync(filesFolder, { recursive: true });
	const cli = { userFolder, port: await freePort(), brokerPort: await freePort(), filesFolder };
	const server = { userFolder, port: await freePort(), brokerPort: await freePort(), filesFolder };
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

	let warehouse: Awaited<ReturnType<typeof startWarehouse>> | undefined;
	try {
		// The warehouse demo's database as the sandbox starts it: always a private cluster of the
		// machine's Postgres, never a database WF_WAREHOUSE_POSTGRES names (the tests create its table).
		warehouse = await startWarehouse({
			dir: join(tmpdir(), `n8n-nodes-workforce-e2e-warehouse-${checkoutTag()}`),
			port: await freePort(),
			log: join(E2E_DIR, 'postgres.log'),
			env: { WF_POSTGRES_BIN: process.env.WF_POSTGRES_BIN },
		});
		say('db' in warehouse ? `warehouse Postgres on port ${warehouse.db.port}` : warehouse.missing);

		const credential = workforceCredential('wfE2eWorkforce01', 'Workforce (e2e emulator)', urls);
		const credentials: CredentialFixture[] = [credential];
		if ('db' in warehouse)
			credentials.push({
				...WAREHOUSE_CREDENTIAL,
				type: 'postgres',
				data: warehouseCredentialData(warehouse.db),
			});
		await importCredentials(runtime, cli, credentials, E2E_DIR);
		say(`${credentials.length} credentials imported`);

		const vars = fixtureVars(credential, WAREHOUSE_CREDENTIAL, filesFolder);
		const fixtures = loadSuiteFixtures(vars);
		await importWorkflows(runtime, cli, fixtures, E2E_DIR);
		say(`${fixtures.length} workflows imported`);

		// `n8n execute` runs on a copy of the folder (same package, credentials and workflows): one
		// SQLite database is never open in two n8n processes, so the suite's `n8n start` stays up.
		cpSync(userFolder, cliFolder, { recursive: true });
		cli.userFolder = cliFolder;
		const suiteServer = new N8nServer(
			runtime,
			server,
			createWriteStream(join(E2E_DIR, 'n8n-server.log'), { flags: 'a' }),
		);
		// Manual runs saved (n8n's default, set for every version): the cases read them back.
		suiteServer.extraEnv = { EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true' };
		(globalThis as Record<symbol, unknown>)[SUITE_SERVER] = suiteServer;
		await suiteServer.start();
		say(`n8n start on port ${server.port} for every file (its owner set up by the install)`);

		const state: E2eState = {
			runtime,
			cli,
			server,
			serverPid: suiteServer.pid,
			emulator: { pid: emulator.pid ?? 0, port: emulatorPort, urls },
			credential,
			workflows: Object.fromEntries(
				fixtures.map((f) => [
					f.key,
					{ id: f.id, manual: manualTriggerName(f) !== undefined, trigger: manualTriggerName(f) },
				]),
			),
			package: { ...pkg, tarball },
			warehouse: 'db' in warehouse ? { db: warehouse.db, pid: warehouse.pid } : warehouse,
		};
		writeState(state);
	} catch (error) {
		await ((globalThis as Record<symbol, unknown>)[SUITE_SERVER] as N8nServer | undefined)?.stop();
		emulator.kill();
		if (warehouse && 'db' in warehouse) await warehouse.stop();
		throw error;
	}
}
