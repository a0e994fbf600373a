/*
 * Jest global set-up of the queue-mode suite: the stack (Postgres, Redis, emulator, main, two
 * workers) is already up (scripts/test-e2e-queue.sh). Sets up the owner on the main and creates the
 * credential and every workflow fixture through its REST API, as a user of the editor would.
 */
import { execFileSync } from 'node:child_process';

import { fixtureVars, WAREHOUSE_CREDENTIAL, workforceCredential } from '../support/demoValues';
import { writeState, type E2eState } from '../support/e2eState';
import { E2E_OWNER } from '../support/e2e';
import { N8nServer } from '../support/n8nServer';
import { progressLog } from '../support/runtime';
import { warehouseCredentialData } from '../support/warehouseDatabase';
import { loadSuiteFixtures, manualTriggerName } from '../support/workflowFixtures';
import { readStack, STACK_FILE } from './stackFile';

export default async function globalSetup() {
	const say = progressLog('queue');
	process.stdout.write('\n');
	const stack = readStack();
	const main = new N8nServer(stack.runtime, stack.main.instance);
	await main.setupOwner(E2E_OWNER);
	await main.login(E2E_OWNER.email, E2E_OWNER.password);

	const draft = workforceCredential('unsaved', 'Workforce (e2e emulator)', stack.emulator.urls);
	const id = await main.createCredential(draft);
	const credential = { ...draft, id };
	// The warehouse demo's Postgres credential: the stack's `warehouse` database.
	const { postgres } = stack.services;
	const warehouse = { name: WAREHOUSE_CREDENTIAL.name, id: '' };
	warehouse.id = await main.createCredential({
		name: warehouse.name,
		type: 'postgres',
		data: warehouseCredentialData({ ...postgres, database: 'warehouse', password: '' }),
	});
	const vars = fixtureVars(credential, warehouse, stack.main.instance.filesFolder);
	const fixtures = loadSuiteFixtures(vars);
	for (const fixture of fixtures) await main.createWorkflow(fixture.workflow);
	say(`owner, credential and ${fixtures.length} workflows created on the main`);

	const manifest = JSON.parse(
		execFileSync('tar', ['-xzOf', stack.tarball, 'package/package.json'], { encoding: 'utf8' }),
	) as { name: string; version: string };
	const state: E2eState = {
		runtime: stack.runtime,
		cli: stack.main.instance,
		server: stack.main.instance,
		emulator: {
			pid: stack.processes.find((p) => p.name === 'emulator')?.pid ?? 0,
			port: stack.emulator.port,
			urls: stack.emulator.urls,
		},
		credential,
		workflows: Object.fromEntries(
			fixtures.map((f) => [
				f.key,
				{ id: f.id, manual: manualTriggerName(f) !== undefined, trigger: manualTriggerName(f) },
			]),
		),
		package: { name: manifest.name, version: manifest.version, tarball: stack.tarball },
		queue: { stackFile: STACK_FILE },
	};
	writeState(state);
}
