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
	 * Runs an imported workflow fixture (`projectCreate`, `sandbox/project-push`) with `n8n execute`.
	 * `env`: n8n settings for this run only (single-process suite only: the queue stack's processes
	 * are started once with theirs).
	 */
	run(fixture: string, env?: NodeJS.ProcessEnv): Promise<Execution>;
	/**
	 * The bytes of a node's first output binary: inline (base64) as `n8n execute` keeps it in
	 * `default` mode, or read from the queue-mode main the way the editor downloads a stored one.
	 */
	fileOf(run: Execution, node: string, property?: string): Promise<Buffer>;
}

/** For a test file: the run prepared by the global set-up. */
export function useE2e(): E2e {
	const state = readState();
	const emulator = new EmulatorControl(state.emulator.urls.control);
	return {
		state,
		emulator,
		async run(fixture: string, env?: NodeJS.ProcessEnv) {
			const workflow = state.workflows[fixture];
			if (!workflow)
				throw new Error(
					`No workflow fixture "${fixture}"; known: ${Object.keys(state.workflows).join(', ')}`,
				);
			if (state.queue) {
				if (env && Object.keys(env).length)
					throw new Error(
						`Workflow ${fixture}: a queue-mode run cannot take its own n8n settings (${Object.keys(env).join(', ')})`,
					);
				return await runOnWorkers(workflow);
			}
			return await executeWorkflow(state.runtime, state.cli, workflow.id, env);
		},
		async fileOf(run: Execution, node: string, property = 'data') {
			const binary = run.runData[node]?.[0]?.data?.main?.[0]?.[0]?.binary?.[property] as
				| { id?: string; data: string }
				| undefined;
			if (!binary) throw new Error(`Node "${node}" output no binary "${property}"`);
			if (!binary.id) return Buffer.from(binary.data, 'base64');
			if (!state.queue)
				throw new Error(
					`Node "${node}" stored its file (${binary.id}): run it with N8N_DEFAULT_BINARY_DATA_MODE=default to read it here`,
				);
			const main = await mainServer();
			return await main.getBytes(
				`/rest/binary-data?id=${encodeURIComponent(binary.id)}&action=download`,
			);
		},
	};
}

/**
 * Queue mode: the editor's "Execute workflow" on the main (REST), which hands the run to a worker;
 * fails when no worker ran it (the main must never run it itself with offloading on).
 */
async function runOnWorkers(workflow: { id: string; trigger?: string }) {
	if (!workflow.trigger)
		throw new Error(`Workflow ${workflow.id} has no Manual Trigger to run it from`);
	const stack = readStack();
	const main = await mainServer();
	const executionId = await startManualRun(main, workflow.id, workflow.trigger);
	const run = asExecution(await finishedExecution(main, executionId), stack.workers);
	if (!run.worker)
		throw new Error(
			`Execution ${executionId} of workflow ${workflow.id}: no worker logged it (did the main run it?)`,
		);
	return run;
}

let loggedInMain: N8nServer | undefined;

/** The running queue-mode main, logged in as the owner (one session per test file). */
export async function mainServer(): Promise<N8nServer> {
	if (loggedInMain) return loggedInMain;
	const state = readState();
	const server = new N8nServer(state.runtime, state.server);
	await server.login(E2E_OWNER.email, E2E_OWNER.password);
	loggedInMain = server;
	return server;
}

export const E2E_OWNER: Owner = {
	email: 'e2e@example.com',
	firstName: 'End',
	lastName: 'To-End',
	password: 'E2e-Passw0rd-wf',
};

/**
 * A running `n8n start` for the tests of one file, owner set up and logged in. `n8n execute`
 * must not run meanwhile (same SQLite database): the suite runs its files one at a time.
 */
export function useN8nServer(options: { memoryMib?: number } = {}): { server: N8nServer } {
	const state = readState();
	if (state.queue && options.memoryMib)
		throw new Error(
			'A held memory is for the single-process suite: the queue stack starts its own.',
		);
	if (state.queue) {
		// Queue mode: the main the suite's script started (never stopped by a test file).
		const running = { server: new N8nServer(state.runtime, state.server) };
		beforeAll(async () => {
			running.server = await mainServer();
		}, 60_000);
		return running;
	}
	const holder = {
		server: new N8nServer(
			state.runtime,
			state.server,
			createWriteStream(join(E2E_DIR, 'n8n-server.log'), { flags: 'a' }),
		),
	};
	if (options.memoryMib)
		holder.server.hold = holdMemory(options.memoryMib, `wf-e2e-${process.pid}`);
	beforeAll(async () => {
		await holder.server.start();
		try {
			await holder.server.setupOwner(E2E_OWNER);
		} catch {
			// set up by an earlier file of this run
		}
		await holder.server.login(E2E_OWNER.email, E2E_OWNER.password);
	}, 360_000);
	afterAll(async () => {
		await holder.server.stop();
		holder.server.hold?.release();
	}, 60_000);
	return holder;
}
