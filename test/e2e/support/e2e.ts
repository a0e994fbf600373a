import { createWriteStream } from 'node:fs';
import { join } from 'node:path';

import { E2E_DIR, readState, type E2eState } from './e2eState';
import { EmulatorControl } from './emulatorProcess';
import { executeWorkflow, type Execution } from './n8nCli';
import { N8nServer, type Owner } from './n8nServer';
import { asExecution, finishedExecution, startManualRun } from './restRunner';
import { readStack } from '../queue/stackFile';
import { holdMemory } from './memoryHold';

export type { Execution } from './n8nCli';

export interface E2e {
	state: E2eState;
	/** The emulator's request log and control surface. */
	emulator: EmulatorControl;
	/**
	 * Runs an imported workflow fixture (`projectCreate`, `sandbox/project-push`) from its Manual
	 * Trigger as the editor's "Execute workflow" does, on the suite's running n8n (queue mode: on a
	 * worker). `env`: n8n settings for this run only, which only a process of its own can take: the
	 * run goes to `n8n execute` (single process; refused in queue mode, whose processes are started once).
	 */
	run(fixture: string, env?: NodeJS.ProcessEnv): Promise<Execution>;
	/**
	 * Runs it with `n8n execute` in a fresh n8n process (single process; queue mode: as `run`): for
	 * what only the CLI shows (it saves static data after a run, a manual run does not) or a per-run setting.
	 */
	runCli(fixture: string, env?: NodeJS.ProcessEnv): Promise<Execution>;
	/**
	 * The bytes of a node's first output binary: inline (base64) as `n8n execute` keeps it in
	 * `default` mode, or read from the n8n that ran it the way the editor downloads a stored one.
	 */
	fileOf(run: Execution, node: string, property?: string): Promise<Buffer>;
}

/** For a test file: the run prepared by the global set-up. */
export function useE2e(): E2e {
	const state = readState();
	const emulator = new EmulatorControl(state.emulator.urls.control);
	const fixtureOf = (fixture: string) => {
		const workflow = state.workflows[fixture];
		if (!workflow)
			throw new Error(
				`No workflow fixture "${fixture}"; known: ${Object.keys(state.workflows).join(', ')}`,
			);
		return workflow;
	};
	const runCli = async (fixture: string, env?: NodeJS.ProcessEnv) => {
		const workflow = fixtureOf(fixture);
		if (!state.queue) return await executeWorkflow(state.runtime, state.cli, workflow.id, env);
		if (env && Object.keys(env).length)
			throw new Error(
				`Workflow ${fixture}: a queue-mode run cannot take its own n8n settings (${Object.keys(env).join(', ')})`,
			);
		return await runOnServer(workflow, true);
	};
	return {
		state,
		emulator,
		async run(fixture: string, env?: NodeJS.ProcessEnv) {
			if (state.queue || (env && Object.keys(env).length)) return await runCli(fixture, env);
			return await runOnServer(fixtureOf(fixture), false);
		},
		runCli,
		async fileOf(run: Execution, node: string, property = 'data') {
			const binary = run.runData[node]?.[0]?.data?.main?.[0]?.[0]?.binary?.[property] as
				| { id?: string; data: string }
				| undefined;
			if (!binary) throw new Error(`Node "${node}" output no binary "${property}"`);
			if (!binary.id) return Buffer.from(binary.data, 'base64');
			if (!('executionId' in run))
				throw new Error(
					`Node "${node}" stored its file (${binary.id}) in n8n execute's folder: run it with N8N_DEFAULT_BINARY_DATA_MODE=default to read it here`,
				);
			const server = await suiteServer();
			return await server.getBytes(
				`/rest/binary-data?id=${encodeURIComponent(binary.id)}&action=download`,
			);
		},
	};
}

/**
 * The editor's "Execute workflow" on the suite's n8n (REST). Queue mode hands the run to a worker:
 * fails when no worker ran it (the main must never run it itself with offloading on).
 */
async function runOnServer(workflow: { id: string; trigger?: string }, onWorkers: boolean) {
	if (!workflow.trigger)
		throw new Error(`Workflow ${workflow.id} has no Manual Trigger to run it from`);
	const server = await suiteServer();
	const executionId = await startManualRun(server, workflow.id, workflow.trigger);
	const run = asExecution(
		await finishedExecution(server, executionId),
		onWorkers ? readStack().workers : [],
	);
	if (onWorkers && !run.worker)
		throw new Error(
			`Execution ${executionId} of workflow ${workflow.id}: no worker logged it (did the main run it?)`,
		);
	return run;
}

let loggedIn: N8nServer | undefined;

/**
 * The suite's running n8n, logged in as the owner (one session per test file): the `n8n start` of
 * the global set-up, or the queue-mode main.
 */
export async function suiteServer(): Promise<N8nServer> {
	if (loggedIn) return loggedIn;
	const state = readState();
	const server = new N8nServer(state.runtime, state.server);
	await server.login(E2E_OWNER.email, E2E_OWNER.password);
	loggedIn = server;
	return server;
}

/** The running queue-mode main, logged in as the owner. */
export const mainServer = suiteServer;

export const E2E_OWNER: Owner = {
	email: 'e2e@example.com',
	firstName: 'End',
	lastName: 'To-End',
	password: 'E2e-Passw0rd-wf',
};

/**
 * A running `n8n start` for the tests of one file, owner set up and logged in: the suite's (never
 * stopped by a test file). `memoryMib` holds an n8n of the file's own to that memory (a small
 * instance, memoryHold.ts), on `n8n execute`'s copy of the user folder (the suite's database stays
 * with the suite's n8n), started before the file's tests and stopped after them.
 */
export function useN8nServer(options: { memoryMib?: number } = {}): { server: N8nServer } {
	const state = readState();
	if (state.queue && options.memoryMib)
		throw new Error(
			'A held memory is for the single-process suite: the queue stack starts its own.',
		);
	const running = { server: new N8nServer(state.runtime, state.server) };
	if (!options.memoryMib) {
		beforeAll(async () => {
			running.server = await suiteServer();
		}, 60_000);
		return running;
	}
	running.server = new N8nServer(
		state.runtime,
		state.cli,
		createWriteStream(join(E2E_DIR, 'n8n-held-server.log'), { flags: 'a' }),
	);
	running.server.hold = holdMemory(options.memoryMib, `wf-e2e-${process.pid}`);
	beforeAll(async () => {
		await running.server.start();
		try {
			await running.server.setupOwner(E2E_OWNER);
		} catch {
			// set up by an earlier file of this run
		}
		await running.server.login(E2E_OWNER.email, E2E_OWNER.password);
	}, 360_000);
	afterAll(async () => {
		await running.server.stop();
		running.server.hold?.release();
	}, 60_000);
	return running;
}
