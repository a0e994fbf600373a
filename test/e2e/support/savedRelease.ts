import type { ChildProcess } from 'node:child_process';

import type { INode, INodeExecutionData } from 'n8n-workflow';
import { fetch } from 'undici';

import { fixtureRequests, Ids, itemsOf, observe, type Observed } from '../../upgrade/observed';
import {
	TRIGGER_TYPE,
	WORKFORCE_TYPE,
	type NodeFixture,
	type TriggerFixture,
	type WorkDataChange,
} from '../../upgrade/release';
import { workforceCredential } from './demoValues';
import { EmulatorControl, emulatorUrls, startEmulatorProcess } from './emulatorProcess';
import { executionsOf, finished, type ExecutionSummary } from './executions';
import type { N8nServer } from './n8nServer';
import { asExecution, finishedExecution, startManualRun } from './restRunner';
import { freePort, waitFor } from './runtime';

/**
 * The upgrade fixture (test/upgrade/fixtures/<release>) in a real n8n: its workflows saved as the
 * editor stored them, run after an update, compared with what they did when saved by the same code
 * as the in-process replay (test/upgrade/observed.ts).
 *
 * Clocks: n8n's cannot be faked, the service's can. Each fixture gets an emulator of its own,
 * seeded as when the fixture was made, its clock frozen at the fixture's `savedAt` (moved to each
 * recorded change's instant for the trigger's history), so every stamp the service writes is the
 * recorded one. The node's own "now" is real: no node fixture's request depends on it (each types
 * in its dates); the trigger's window edge does (see `normaliseNow`).
 */
export interface FixtureService {
	control: EmulatorControl;
	credential: { id: string; name: string };
	stop(): Promise<void>;
}

/** A fresh emulator for one fixture, and an n8n credential (admin client) pointing at it. */
export async function fixtureService(
	server: N8nServer,
	node: string,
	name: string,
	options: { frozenAt: string; timeRegistrations: number },
	logTo?: NodeJS.WritableStream,
): Promise<FixtureService> {
	const port = await freePort();
	const child = await startEmulatorProcess(node, port, logTo, {
		WORKFORCE_EMULATOR_CLOCK: `frozen@${options.frozenAt}`,
		WORKFORCE_EMULATOR_TIME_REGISTRATIONS: String(options.timeRegistrations),
	});
	const urls = emulatorUrls(port);
	const credential = workforceCredential('', name, urls);
	const id = await server.createCredential({
		name,
		type: credential.type,
		data: credential.data,
	});
	return {
		control: new EmulatorControl(urls.control, urls),
		credential: { id, name },
		stop: async () => await stopChild(child),
	};
}

/** The seed freshService() uses in test/upgrade (the emulator's default). */
export const NODE_FIXTURE_TIME_REGISTRATIONS = 600;

/**
 * A saved workflow as n8n stores it: nodes and parameters as saved (typeVersion, no defaults);
 * only the credential reference is re-pointed, since the saved id belongs to the instance that
 * made the fixture.
 */
export function asStored(
	workflow: NodeFixture['workflow'] | TriggerFixture['workflow'],
	credential: { id: string; name: string },
	name: string,
): Record<string, unknown> {
	return {
		...workflow,
		name,
		nodes: workflow.nodes.map((n) =>
			n.credentials ? { ...n, credentials: { workforceApi: credential } } : n,
		),
		settings: {},
	};
}

/**
 * Saves a workflow with its static data. The editor's API drops `staticData` (only n8n's polls
 * write it there); n8n's public API keeps it, as when a workflow exported with its static data is
 * imported, so the trigger's saved cursor goes in that way (an API key of the logged-in owner).
 */
export async function createWithStaticData(
	server: N8nServer,
	workflow: Record<string, unknown>,
): Promise<string> {
	const key = await server.rest<{ rawApiKey: string }>('POST', '/rest/api-keys', {
		label: `Upgrade fixture ${String(workflow.name).replace(/[^A-Za-z0-9 ]/g, ' ')}`.slice(0, 50),
		scopes: ['workflow:create', 'workflow:read'],
		expiresAt: null,
	});
	const res = await fetch(`http://127.0.0.1:${server.instance.port}/api/v1/workflows`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-n8n-api-key': key.rawApiKey },
		body: JSON.stringify(workflow),
	});
	const text = await res.text();
	if (!res.ok)
		throw new Error(`n8n POST /api/v1/workflows: HTTP ${res.status} ${text.slice(0, 500)}`);
	return (JSON.parse(text) as { id: string }).id;
}

/**
 * Runs a saved node workflow from its Manual Trigger (the editor's Execute workflow). Ids the
 * service made up in an earlier workflow of this run go into the pinned input item first
 * (`<id:N>` tokens: the saved input held that run's ids); the node's parameters stay as saved.
 */
export async function runSavedNode(
	server: N8nServer,
	service: FixtureService,
	ids: Ids,
	workflowId: string,
	fixture: NodeFixture,
): Promise<Observed> {
	const { pinData, nodes } = fixture.workflow;
	const input = ids.restore(pinData);
	if (JSON.stringify(input) !== JSON.stringify(pinData))
		await server.rest('PATCH', `/rest/workflows/${workflowId}`, { pinData: input });
	await service.control.mark();
	const trigger = nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger')!.name;
	const run = asExecution(
		await finishedExecution(server, await startManualRun(server, workflowId, trigger)),
		[],
	);
	return observe(ids, fixture.expected, {
		requests: fixtureRequests(await service.control.requests()),
		items: itemsOf(outputOf(run.runData, nodeOf(nodes, WORKFORCE_TYPE).name)),
		...(run.error ? { error: run.error.message } : {}),
	});
}

/**
 * The trigger fixture: the service's history replayed at its instants, the changes since the
 * save, then the saved workflow (its static data as stored) activated; n8n's activation poll must
 * resume from the stored cursor. Answers what that poll did and the ids the changes touched.
 */
export async function runSavedTrigger(
	server: N8nServer,
	service: FixtureService,
	workflowId: string,
	fixture: TriggerFixture,
): Promise<{ observed: Observed; changed: string[]; emitted: INodeExecutionData[] }> {
	for (const change of fixture.history) await applyChange(service.control, change);
	const changed: string[] = [];
	for (const change of fixture.after) changed.push(...(await applyChange(service.control, change)));
	await service.control.post('/clock', { mode: 'frozen', now: fixture.pollAt });
	await service.control.mark();
	await server.activateWorkflow(workflowId);
	const polled = await nthExecution(server, workflowId, 0);
	const run = asExecution(await finishedExecution(server, polled.id), []);
	const emitted = outputOf(run.runData, nodeOf(fixture.workflow.nodes, TRIGGER_TYPE).name);
	const raw: Observed = {
		requests: fixtureRequests(await service.control.requests()),
		items: itemsOf(emitted),
		...(run.error ? { error: run.error.message } : {}),
	};
	const ids = new Ids();
	const expected = normaliseNow(fixture.expected, fixture.pollAt);
	return { observed: observe(ids, expected, normaliseNow(raw, fixture.pollAt)), changed, emitted };
}

/**
 * The trigger's window ends at the poll's start on n8n's clock (`ModifiedBefore`), which no test
 * can stop: in the fixture it is the recorded poll instant, here the real time of the activation
 * poll. Both become `<poll start>`, after checking the real one is not before the recorded one
 * (a window ending earlier would miss the recorded changes).
 */
export function normaliseNow(observed: Observed, pollAt: string): Observed {
	return {
		...observed,
		requests: observed.requests.map((r) => ({
			...r,
			query: r.query.replace(/ModifiedBefore=([^&]*)/, (_, value: string) => {
				const at = Date.parse(decodeURIComponent(value));
				if (!(at >= Date.parse(pollAt)))
					throw new Error(
						`The poll's window ends at ${decodeURIComponent(value)}, before ${pollAt}`,
					);
				return 'ModifiedBefore=<poll start>';
			}),
		})),
	};
}

/** A recorded change over the emulator's control surface, at its instant; answers the ids touched. */
async function applyChange(control: EmulatorControl, change: WorkDataChange): Promise<string[]> {
	await control.post('/clock', { mode: 'frozen', now: change.at });
	const body =
		change.op === 'add'
			? { action: 'add', hours: change.hours }
			: change.op === 'change'
				? { action: 'change', indexes: [change.index], patch: { hours: change.hours } }
				: { action: 'delete', indexes: [change.index] };
	const answer = (await control.post('/work-data/time-registrations', body)) as { ids: string[] };
	return answer.ids;
}

/** The execution number `index` (0 = first) of a workflow, once it has finished. */
export async function nthExecution(
	server: N8nServer,
	workflowId: string,
	index: number,
): Promise<ExecutionSummary> {
	let found: ExecutionSummary | undefined;
	await waitFor(
		`execution ${index + 1} of workflow ${workflowId}`,
		async () => {
			found = (await executionsOf(server, workflowId))[index];
			return found !== undefined && finished(found);
		},
		95_000,
	);
	return found!;
}

function nodeOf(nodes: INode[], type: string): INode {
	const node = nodes.find((n) => n.type === type);
	if (!node) throw new Error(`The saved workflow has no ${type} node`);
	return node;
}

function outputOf(
	runData: ReturnType<typeof asExecution>['runData'],
	node: string,
): INodeExecutionData[] {
	return (runData[node]?.[0]?.data?.main?.[0] ?? []) as INodeExecutionData[];
}

async function stopChild(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	child.kill('SIGTERM');
	await exited;
}
