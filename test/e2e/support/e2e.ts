import { createWriteStream } from 'node:fs';
import { join } from 'node:path';

import { E2E_DIR, readState, type E2eState } from './e2e-state';
import { EmulatorControl } from './emulator-process';
import { executeWorkflow, type Execution } from './n8n-cli';
import { N8nServer, type Owner } from './n8n-server';

export type { Execution } from './n8n-cli';

export interface E2e {
	state: E2eState;
	/** The emulator's request log and control surface. */
	emulator: EmulatorControl;
	/** Runs an imported workflow fixture (`project-create`, `sandbox/project-push`) with `n8n execute`. */
	run(fixture: string): Promise<Execution>;
}

/** For a test file: the run prepared by the global set-up. */
export function useE2e(): E2e {
	const state = readState();
	const emulator = new EmulatorControl(state.emulator.urls.control);
	return {
		state,
		emulator,
		async run(fixture: string) {
			const workflow = state.workflows[fixture];
			if (!workflow) throw new Error(`No workflow fixture "${fixture}"; known: ${Object.keys(state.workflows).join(', ')}`);
			return await executeWorkflow(state.runtime, state.cli, workflow.id);
		},
	};
}

export const E2E_OWNER: Owner = { email: 'e2e@example.com', firstName: 'End', lastName: 'To-End', password: 'E2e-Passw0rd-wf' };

/**
 * A running `n8n start` for the tests of one file, owner set up and logged in. `n8n execute`
 * must not run meanwhile (same SQLite database): the suite runs its files one at a time.
 */
export function useN8nServer(): { server: N8nServer } {
	const state = readState();
	const holder = {
		server: new N8nServer(state.runtime, state.server, createWriteStream(join(E2E_DIR, 'n8n-server.log'), { flags: 'a' })),
	};
	beforeAll(async () => {
		await holder.server.start();
		try {
			await holder.server.setupOwner(E2E_OWNER);
		} catch {
			// set up by an earlier file of this run
		}
		await holder.server.login(E2E_OWNER.email, E2E_OWNER.password);
	}, 180_000);
	afterAll(async () => {
		await holder.server.stop();
	}, 60_000);
	return holder;
}
