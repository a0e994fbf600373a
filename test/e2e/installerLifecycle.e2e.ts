import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { parseToolText, TOOL_CASES, toolNodeName, type CaseState } from '../support/toolCases';
import { Ids, type Observed } from '../upgrade/observed';
import { releases, type NodeFixture, type TriggerFixture } from '../upgrade/release';
import { mcpServerWorkflow, workforceTool } from './support/aiWorkflows';
import {
	installedPackages,
	installPackage,
	nodeTypeNames,
	registryFor,
	uninstallPackage,
	updatePackage,
	type InstalledPackage,
} from './support/communityInstaller';
import { fixtureVars } from './support/demoValues';
import { E2E_OWNER, useE2e } from './support/e2e';
import { E2E_DIR } from './support/e2eState';
import { executionItems, executionsOf, type ExecutionSummary } from './support/executions';
import { repackWithVersion, type LocalRegistry } from './support/localRegistry';
import { McpClient } from './support/mcpClient';
import { N8nServer } from './support/n8nServer';
import { asExecution, finishedExecution, startManualRun } from './support/restRunner';
import {
	asStored,
	createWithStaticData,
	fixtureService,
	normaliseNow,
	nthExecution,
	NODE_FIXTURE_TIME_REGISTRATIONS,
	runSavedNode,
	runSavedTrigger,
	type FixtureService,
} from './support/savedRelease';
import { freePort, REPO_ROOT } from './support/runtime';
import { TRIGGER, timeRegistrationTriggerWorkflow } from './support/triggerWorkflow';
import { loadWorkflowFixtures, manualTriggerName } from './support/workflowFixtures';

/** Every release's upgrade fixture, oldest first. */
const RELEASES = releases();

/**
 * Trigger fixtures run here. The payroll-export trigger's work-date window ends at n8n's today,
 * which the test cannot set (its in-process replay in test/upgrade covers it).
 */
const RESUMED_IN_N8N = ['timeRegistration', 'payrollLine'];

/**
 * The package's life in one n8n as an admin lives it, in a user folder of its own: Settings >
 * Community Nodes > Install from a registry (Verdaccio on loopback, reached through a proxy set only
 * in this n8n's environment), workflows saved and run, the Update button to the next version (the
 * same build, version bumped), the saved workflows run unchanged, then Uninstall. The workflows
 * saved with each release (test/upgrade/fixtures) are stored before the update and must do after
 * it what they did when saved (docs/development.md, "The upgrade contract").
 */
describe("n8n's installer: install, update, uninstall from a registry", () => {
	const e2e = useE2e();
	const folder = mkdtempSync(join(tmpdir(), 'wf-e2e-installer-'));
	const server = new N8nServer(
		e2e.state.runtime,
		{ userFolder: join(folder, 'n8n'), port: 0, brokerPort: 0 },
		createWriteStream(join(E2E_DIR, 'n8n-installer-lifecycle.log'), { flags: 'a' }),
	);
	const name = e2e.state.package.name;
	const first = e2e.state.package.version;
	const next = nextPatch(first);
	let registry: LocalRegistry;
	let stopRegistry: () => Promise<void> = async () => undefined;
	let installed: InstalledPackage;
	const fixtures: Array<{ name: string; id: string; trigger: string }> = [];
	const before = new Map<string, RunSummary>();
	let triggerWorkflowId = '';
	let mcp: McpClient | undefined;
	const mcpPath = 'workforce-installer-lifecycle';
	const tool = TOOL_CASES.find((c) => c.resource === 'machineType' && c.operation === 'getAll')!;
	const services: FixtureService[] = [];
	const savedNodes: Array<{
		release: string;
		id: string;
		fixture: NodeFixture;
		service: FixtureService;
	}> = [];
	const savedTriggers: Array<{ id: string; fixture: TriggerFixture; service: FixtureService }> = [];
	const emulatorLog = createWriteStream(join(E2E_DIR, 'emulator-upgrade-fixture.log'), {
		flags: 'a',
	});

	beforeAll(async () => {
		const instance = server.instance as { port: number; brokerPort: number };
		instance.port = await freePort();
		instance.brokerPort = await freePort();
		const setup = await registryFor(server, e2e.state.package.tarball, folder);
		registry = setup.registry;
		stopRegistry = setup.stop;
		// Manual runs saved, so the REST API can read them back as the editor does.
		server.extraEnv = { ...server.extraEnv, EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true' };
		await server.start();
		await server.setupOwner(E2E_OWNER);
		await server.login(E2E_OWNER.email, E2E_OWNER.password);
	}, 180_000);

	afterAll(async () => {
		await mcp?.close().catch(() => undefined);
		for (const service of services) await service.stop();
		emulatorLog.end();
		await server.stop();
		await stopRegistry();
		rmSync(folder, { recursive: true, force: true });
	}, 60_000);

	it(`Install takes ${name} from the registry; both nodes appear in the node list`, async () => {
		expect(await registry.versions(name)).toEqual({ versions: [first], latest: first });
		installed = await installPackage(server, name);
		expect(installed.installedVersion).toBe(first);
		const types = installed.installedNodes.map((n) => n.type).sort();
		expect(types).toEqual([`${name}.workforce`, `${name}.workforceTrigger`]);
		const listed = await nodeTypeNames(server);
		expect(listed).toEqual(expect.arrayContaining([...types, `${name}.workforceTool`]));
		expect(await installedPackages(server)).toEqual([
			expect.objectContaining({ packageName: name, installedVersion: first }),
		]);
	}, 180_000);

	it('saved workflows run: every resource, a File output, the trigger active, a tool over MCP', async () => {
		const credential = e2e.state.credential;
		const id = await server.createCredential({
			name: credential.name,
			type: credential.type,
			data: credential.data,
		});
		const saved = { ...credential, id };
		for (const f of loadWorkflowFixtures(
			join(REPO_ROOT, 'test', 'e2e', 'workflows'),
			fixtureVars(saved),
		)) {
			const trigger = manualTriggerName(f);
			// Creates and patches use fixed numbers: a second run is refused as a duplicate by design.
			if (!trigger || /Create|Patch/.test(f.name)) continue;
			await server.createWorkflow({ ...f.workflow, name: `Lifecycle: ${f.name}` });
			fixtures.push({ name: f.name, id: f.id, trigger });
		}
		expect(fixtures.map((f) => f.name)).toEqual(
			expect.arrayContaining([
				'projectGetMany',
				'workOrderGetMany',
				'machineGetMany',
				'machineTypeGetMany',
				'userGetMany',
				'employeeGetMany',
				'documentRoundTrip',
				'payrollExportYear',
				'dataExtractionFileOutput',
			]),
		);
		for (const f of fixtures) before.set(f.name, await runSummary(f));
		expect(before.get('dataExtractionFileOutput')).toMatchObject({ status: 'success' });
		expect(before.get('projectGetMany')).toMatchObject({ status: 'success' });

		triggerWorkflowId = await server.createWorkflow(
			timeRegistrationTriggerWorkflow({
				name: 'Lifecycle: Workforce Trigger',
				idPrefix: 'd1a80f0e-0000-4000-8000-00000000000',
				credential: saved,
				startDate: new Date(Date.now() - 1000).toISOString(),
				settings: { saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
			}),
		);
		await e2e.emulator.post('/work-data/time-registrations', {
			action: 'add',
			hours: 3,
			description: 'Lifecycle before update',
		});
		await server.activateWorkflow(triggerWorkflowId);
		const polled = await execution(triggerWorkflowId, 0);
		expect(polled.status).toBe('success');

		const mcpId = await server.createWorkflow(
			mcpServerWorkflow('Lifecycle: a Workforce tool over MCP', mcpPath, [
				workforceTool(
					toolNodeName(tool),
					{ resource: tool.resource, operation: tool.operation, ...tool.parameters },
					saved,
					0,
				),
			]),
		);
		await server.activateWorkflow(mcpId);
		expect(await callTool()).toMatchObject({ isError: false });
	}, 300_000);

	it(`the upgrade fixture's workflows are saved (${RELEASES.map((r) => r.release).join(', ')}), before the update`, async () => {
		expect(RELEASES.length).toBeGreaterThan(0);
		const node = e2e.state.runtime.node;
		for (const release of RELEASES) {
			// A service as fresh as the one the fixture was made with (test/upgrade/fixture.ts freshService).
			const service = await fixtureService(
				server,
				node,
				`Workforce (${release.release} fixture)`,
				{ frozenAt: release.savedAt, timeRegistrations: NODE_FIXTURE_TIME_REGISTRATIONS },
				emulatorLog,
			);
			services.push(service);
			for (const fixture of release.nodes) {
				const stored = asStored(
					fixture.workflow,
					service.credential,
					`Lifecycle: ${fixture.workflow.name}`,
				);
				const id = await server.createWorkflow(stored);
				savedNodes.push({ release: release.release, id, fixture, service });
			}
			for (const fixture of release.triggers.filter((t) => RESUMED_IN_N8N.includes(t.event))) {
				const own = await fixtureService(
					server,
					node,
					`Workforce (${release.release} ${fixture.event} fixture)`,
					{ frozenAt: release.savedAt, timeRegistrations: fixture.timeRegistrations },
					emulatorLog,
				);
				services.push(own);
				const stored = asStored(
					fixture.workflow,
					own.credential,
					`Lifecycle: ${fixture.workflow.name}`,
				);
				const id = await createWithStaticData(server, stored);
				savedTriggers.push({ id, fixture, service: own });
			}
		}
		expect(savedNodes.length).toBe(RELEASES.reduce((n, r) => n + r.nodes.length, 0));
		expect(savedTriggers.length).toBeGreaterThan(0);
		// n8n keeps what the editor saved: parameters without defaults, the trigger's static data.
		const first = savedTriggers[0];
		const stored = await server.rest<{
			staticData: unknown;
			nodes: Array<{ parameters: unknown }>;
		}>('GET', `/rest/workflows/${first.id}`);
		expect(stored.staticData).toEqual(first.fixture.workflow.staticData);
		expect(stored.nodes[0].parameters).toEqual(first.fixture.workflow.nodes[0].parameters);
	}, 180_000);

	it('Update installs the next version from the registry; the saved workflows run unchanged', async () => {
		registry.publish(repackWithVersion(e2e.state.package.tarball, next, folder));
		expect(await registry.versions(name)).toEqual({ versions: [first, next], latest: next });
		const updated = await updatePackage(server, name);
		expect(updated.installedVersion).toBe(next);
		const onDisk = JSON.parse(readFileSync(packageDir('package.json'), 'utf8')) as {
			version: string;
		};
		expect(onDisk.version).toBe(next);
		expect(await installedPackages(server)).toEqual([
			expect.objectContaining({ packageName: name, installedVersion: next }),
		]);

		// The trigger stays active across the update: its next poll emits a change made after it.
		// n8n's scheduler polls every minute; the saved workflows run while it comes.
		const seen = (await executionsOf(server, triggerWorkflowId)).length;
		await e2e.emulator.post('/work-data/time-registrations', {
			action: 'add',
			hours: 4,
			description: 'Lifecycle after update',
		});

		for (const f of fixtures)
			expect([f.name, await runSummary(f)]).toEqual([f.name, before.get(f.name)]);

		const later = await execution(triggerWorkflowId, seen);
		expect(later.status).toBe('success');
		const items = await executionItems(server, later.id, TRIGGER);
		expect(items.map((i) => i.description)).toContain('Lifecycle after update');

		mcp =
			mcp ?? (await McpClient.connect(`http://127.0.0.1:${server.instance.port}/mcp/${mcpPath}`));
		expect(await callTool()).toMatchObject({ isError: false });
	}, 300_000);

	it("after the update, every workflow saved with a release does what it did then: the service's requests and the items", async () => {
		expect(savedNodes.length).toBeGreaterThan(0);
		const seen: Array<[string, Observed]> = [];
		const then: Array<[string, Observed]> = [];
		let ids = new Ids();
		let release = '';
		for (const saved of savedNodes) {
			// Tokens are per release: each release's workflows ran on a service of their own.
			if (saved.release !== release) [ids, release] = [new Ids(), saved.release];
			const name = `${saved.release} ${saved.fixture.workflow.name}`;
			then.push([name, saved.fixture.expected]);
			seen.push([
				name,
				await runSavedNode(server, saved.service, ids, saved.id, saved.fixture).catch(
					(error: Error): Observed => ({ requests: [], items: [], error: error.message }),
				),
			]);
		}
		expect(seen).toEqual(then);
		expect(seen.filter(([, o]) => o.requests.length === 0).map(([n]) => n)).toEqual([]);
	}, 300_000);

	it('a trigger saved with a release resumes from its stored cursor: each change since emitted once', async () => {
		expect(savedTriggers.length).toBeGreaterThan(0);
		try {
			for (const { id, fixture, service } of savedTriggers) {
				const { observed, changed, emitted } = await runSavedTrigger(server, service, id, fixture);
				expect([fixture.event, observed]).toEqual([
					fixture.event,
					normaliseNow(fixture.expected, fixture.pollAt),
				]);
				const records = emitted.map((i) => JSON.stringify(i.json));
				expect(new Set(records).size).toBe(records.length);
				if (fixture.event === 'timeRegistration')
					expect(emitted.map((i) => String(i.json.id)).sort()).toEqual(
						[...new Set(changed)].sort(),
					);
			}
		} finally {
			for (const { id } of savedTriggers)
				await server.deactivateWorkflow(id).catch(() => undefined);
		}
	}, 300_000);

	it('Uninstall leaves no trace, and a workflow using the nodes says which node is missing', async () => {
		await server.deactivateWorkflow(triggerWorkflowId);
		await uninstallPackage(server, name);
		expect(await installedPackages(server)).toEqual([]);
		const listed = await nodeTypeNames(server);
		expect(listed.filter((t) => t.startsWith(`${name}.`))).toEqual([]);
		expect(existsSync(packageDir())).toBe(false);
		const list = JSON.parse(
			readFileSync(join(server.instance.userFolder, '.n8n', 'nodes', 'package.json'), 'utf8'),
		) as { dependencies?: Record<string, string> };
		expect(Object.keys(list.dependencies ?? {})).not.toContain(name);

		const f = fixtures.find((x) => x.name === 'projectGetMany')!;
		const message = await startManualRun(server, f.id, f.trigger).then(
			async (executionId) => {
				const run = asExecution(await finishedExecution(server, executionId), []);
				return run.error?.message ?? `status ${run.status}`;
			},
			(error: Error) => error.message,
		);
		expect(message).toMatch(new RegExp(`${name}\\.workforce`));
	}, 180_000);

	function packageDir(...rest: string[]) {
		return join(server.instance.userFolder, '.n8n', 'nodes', 'node_modules', name, ...rest);
	}

	async function callTool() {
		mcp =
			mcp ?? (await McpClient.connect(`http://127.0.0.1:${server.instance.port}/mcp/${mcpPath}`));
		const state: CaseState = { tag: 'LIFE' };
		const answer = await mcp.callTool(toolNodeName(tool), tool.args(state));
		if (answer.isError) return { isError: true, text: answer.text };
		tool.result(parseToolText(answer.text), state);
		return { isError: false };
	}

	async function runSummary(f: { id: string; trigger: string }): Promise<RunSummary> {
		const run = asExecution(
			await finishedExecution(server, await startManualRun(server, f.id, f.trigger)),
			[],
		);
		return {
			status: run.status,
			error: run.error?.message,
			nodes: Object.keys(run.runData).sort(),
		};
	}

	async function execution(workflowId: string, index: number): Promise<ExecutionSummary> {
		return await nthExecution(server, workflowId, index);
	}
});

interface RunSummary {
	status: string;
	error?: string;
	/** The nodes that ran. */
	nodes: string[];
}

/** `0.1.0` -> `0.1.1`: the next release as n8n's Update button sees it. */
function nextPatch(version: string): string {
	const [major, minor, patch] = version.split(/[.-]/).map(Number);
	return `${major}.${minor}.${patch + 1}`;
}
