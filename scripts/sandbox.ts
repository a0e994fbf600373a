/*
 * `npm start` (after scripts/sandbox.sh built everything): the emulator with demo data and a real
 * n8n on localhost with this package loaded, a ready credential, the demo workflows of
 * sandbox/workflows and an owner account; the warehouse demo's Postgres. Ctrl+C stops them all.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

import { DEMO, startEmulator } from '../test/emulator';
import { installCommunityPackage, packPackage } from '../test/e2e/support/communityPackage';
import {
	fixtureVars,
	WAREHOUSE_CREDENTIAL,
	workforceCredential,
} from '../test/e2e/support/demoValues';
import { checkoutTag } from '../test/e2e/support/e2eState';
import { N8nServer } from '../test/e2e/support/n8nServer';
import { freePort, n8nRuntime, REPO_ROOT } from '../test/e2e/support/runtime';
import { stopPostgresGroup } from '../test/e2e/support/privatePostgres';
import {
	startWarehouse,
	WAREHOUSE_URL_ENV,
	warehouseCredentialData,
} from '../test/e2e/support/warehouseDatabase';
import { loadWorkflowFixtures } from '../test/e2e/support/workflowFixtures';

async function main() {
	const t0 = Number(process.env.SANDBOX_T0_MS ?? Date.now());
	// The same form as scripts/lib/progress.sh: what, then the time since `npm start` in brackets.
	const step = (msg: string) => {
		const s = Math.round((Date.now() - t0) / 1000);
		console.log(
			`[sandbox] ${msg}  [${s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`}]`,
		);
	};

	// Outside the repository: a node_modules above the user folder would shadow n8n's own modules.
	const home = join(
		process.env.WF_TOOLS_CACHE ?? join(homedir(), '.cache', 'n8n-nodes-workforce'),
		`sandbox-${checkoutTag()}`,
	);
	rmSync(home, { recursive: true, force: true });
	mkdirSync(home, { recursive: true });
	const userFolder = join(home, 'n8n');
	// Where the demos write files (the nightly extraction): the one folder n8n's file nodes may use.
	const filesFolder = join(home, 'files');
	mkdirSync(filesFolder, { recursive: true });

	const runtime = n8nRuntime();
	step(
		`6/7 packing this package and installing it into n8n ${runtime.version}, starting the emulator (about 15 s)`,
	);
	const tarball = packPackage(home);
	const pkg = installCommunityPackage(tarball, userFolder);
	step(`    installed ${pkg.name}@${pkg.version} as a community package of n8n ${runtime.version}`);

	// The sandbox is for trying the nodes by hand: its service keeps real time whatever the environment says.
	const emulator = await startEmulator({ port: await freePort(5680), clock: 'system' });
	const urls = emulator.urls;
	step(`    emulator with demo data on ${urls.origin}`);

	// The warehouse demo's database: WF_WAREHOUSE_POSTGRES, else a private cluster of the machine's
	// Postgres (under the temporary folder: as root it runs as the postgres user, who cannot enter ~).
	const postgresLog = join(home, 'postgres.log');
	// The other demos do not need it: a Postgres that fails to start leaves only this demo without one.
	const started = await startWarehouse({
		dir: join(tmpdir(), `n8n-nodes-workforce-sandbox-warehouse-${checkoutTag()}`),
		port: await freePort(15432),
		log: postgresLog,
	}).catch((error: unknown) => ({
		missing: `Postgres did not start (${error instanceof Error ? error.message.split('\n')[0] : String(error)}; log: ${postgresLog})`,
	}));
	const warehouse = 'db' in started ? started : undefined;
	const missing = 'missing' in started ? started.missing : '';
	const db = warehouse?.db;
	if (warehouse && db)
		step(
			`    warehouse Postgres (${warehouse.source === 'private' ? "the machine's own, a private cluster" : WAREHOUSE_URL_ENV}) on ${db.host}:${db.port}, database ${db.database}`,
		);
	else step(`    no warehouse database: ${missing}`);

	const port = await freePort(5678);
	const instance = {
		userFolder,
		port,
		brokerPort: await freePort(port === 5678 ? 5679 : undefined),
		filesFolder,
	};
	const logFile = join(home, 'n8n.log');
	const server = new N8nServer(runtime, instance, createWriteStream(logFile), true);
	process.on('exit', () => {
		server.killNow();
		if (warehouse?.pid) stopPostgresGroup(warehouse.pid);
	});
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		console.log("\n[sandbox] stopping n8n, the emulator and the warehouse's Postgres...");
		await server.stop();
		await emulator.close();
		await warehouse?.stop();
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));
	process.on('SIGHUP', () => void stop(0));

	step(
		`7/7 starting n8n, then its owner, credential and demo workflows (10-30 s; log: ${logFile})`,
	);
	await server.start();
	const owner = {
		email: 'sandbox@example.com',
		firstName: 'Sandbox',
		lastName: 'Owner',
		password: `Wf-${randomBytes(6).toString('hex')}-A1`,
	};
	await server.setupOwner(owner);

	// Through the REST API of the running n8n: two n8n start-ups (import commands) fewer.
	const credential = {
		...workforceCredential('', 'Workforce (sandbox emulator)', urls),
		id: undefined,
	};
	const credentialId = await server.createCredential(credential);
	const warehouseCredential = {
		name: WAREHOUSE_CREDENTIAL.name,
		id: db
			? await server.createCredential({
					name: WAREHOUSE_CREDENTIAL.name,
					type: 'postgres',
					data: warehouseCredentialData(db),
				})
			: WAREHOUSE_CREDENTIAL.id,
	};
	const workflows = loadWorkflowFixtures(
		join(REPO_ROOT, 'sandbox', 'workflows'),
		fixtureVars({ id: credentialId, name: credential.name }, warehouseCredential, filesFolder),
	);
	for (const workflow of workflows) await server.createWorkflow(workflow.workflow);
	// With a database the warehouse demo runs at once: its first poll copies the demo data.
	const sync = workflows.find((w) => w.name === 'warehouse-sync');
	if (db && sync) await server.activateWorkflow(sync.id);
	step(
		`    ${db ? 'credentials' : 'credential'} and ${workflows.length} demo workflow(s) created${db && sync ? `, "${String(sync.workflow.name)}" active` : ''}`,
	);

	const seconds = ((Date.now() - t0) / 1000).toFixed(0);
	console.log(
		[
			'',
			`n8n with n8n-nodes-workforce is ready (started in ${seconds} s):`,
			'',
			`  Open      ${server.url}`,
			`  Log in    ${owner.email}  /  ${owner.password}`,
			'',
			`  Credential "${credential.name}" (client ${DEMO.clients.admin.clientId}) points at the emulator.`,
			`  Demo workflows: ${workflows.map((w) => `"${String(w.workflow.name)}"`).join(', ')}`,
			`  Files the demos write (nightly extraction, resume after a failure): ${filesFolder}`,
			...(db
				? [
						`  Warehouse (warehouse-sync, active: its first poll copies the demo data): credential "${WAREHOUSE_CREDENTIAL.name}"`,
						`    psql -h ${db.host} -p ${db.port} -U ${db.user} ${db.database} -c 'SELECT count(*) FROM workforce_time_registrations'`,
					]
				: [`  Warehouse demo (warehouse-sync): no database, so it cannot run here. ${missing}.`]),
			'',
			'  Emulator (the Workforce service, in memory, demo company Nordlys Bygg AS):',
			`    Integration API base   ${urls.integration}`,
			`    Data extraction base   ${urls.extraction}`,
			`    Token issuer base      ${urls.identity}`,
			`    Request log            ${urls.control}/requests`,
			`    Fault rules            ${urls.control}/faults (POST one to make a week fail: the resume demo's note)`,
			'',
			`  n8n log: ${logFile}`,
			'  Everything starts fresh on each `npm start` (export workflows you want to keep).',
			"  Press Ctrl+C to stop n8n, the emulator and the warehouse's Postgres.",
			'',
		].join('\n'),
	);

	const code = await server.exited();
	if (!stopping) {
		console.error(`[sandbox] n8n exited by itself (code ${code}); see ${logFile}`);
		await emulator.close();
		process.exit(1);
	}
}

main().catch((error: unknown) => {
	console.error('[sandbox] failed:', error instanceof Error ? error.message : error);
	process.exit(1);
});
