import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import type { EmulatorUrls } from './emulatorProcess';
import type { N8nInstance } from './n8nEnv';
import { REPO_ROOT, type N8nRuntime } from './runtime';
import type { WarehouseDb } from './warehouseDatabase';

/** State, logs, the tarball and import files of an end-to-end run (git-ignored), fresh per run. */
export const E2E_DIR = join(REPO_ROOT, '.e2e', 'run');

/**
 * The throwaway n8n user folder: outside the repository, so that its node_modules cannot stand in
 * for n8n's own modules when n8n loads the package (see installCommunityPackage).
 */
export const E2E_USER_FOLDER = join(
	process.env.WF_E2E_USER_FOLDER ?? join(tmpdir(), `n8n-nodes-workforce-e2e-${checkoutTag()}`),
	'n8n',
);

/** Per checkout, so that two clones or worktrees can run their suites at the same time. */
export function checkoutTag(): string {
	return createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 8);
}
const STATE_FILE = join(E2E_DIR, 'state.json');

/** What the global set-up prepared, read by every test file (they run in other module registries). */
export interface E2eState {
	runtime: N8nRuntime;
	/**
	 * The instance `n8n execute` runs against: a copy of the user folder made after the imports (its
	 * own database and task broker port), so it runs beside the suite's `n8n start`.
	 */
	cli: N8nInstance;
	/**
	 * The suite's `n8n start` (single process: started by the global set-up, owner set up, running
	 * until its teardown; queue mode: the main).
	 */
	server: N8nInstance;
	/** The suite's `n8n start` process (single process), for the script's safety net. */
	serverPid?: number;
	emulator: { pid: number; port: number; urls: EmulatorUrls };
	credential: { id: string; name: string; type: string; data: Record<string, string> };
	/** Fixture name (`projectCreate`, `sandbox/project-push`) -> imported workflow id and its Manual Trigger's name. */
	workflows: Record<string, { id: string; manual: boolean; trigger?: string }>;
	package: { name: string; version: string; tarball: string };
	/**
	 * The warehouse demo's database, as the sandbox has it (its private server's process group in
	 * `pid`), or what the machine lacks for it. Unset in the queue-mode suite (the stack's Postgres).
	 */
	warehouse?: { db: WarehouseDb; pid?: number } | { missing: string };
	/**
	 * Set in the queue-mode suite (`npm run test:e2e:queue`): `server` is the running main, manual
	 * runs go through its REST API and execute on the workers listed in test/e2e/queue's stack file.
	 */
	queue?: { stackFile: string };
}

export function writeState(state: E2eState) {
	mkdirSync(dirname(STATE_FILE), { recursive: true });
	writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

export function readState(): E2eState {
	try {
		return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2eState;
	} catch {
		throw new Error(
			`${STATE_FILE} is missing: run the suite with \`npm run test:e2e\` (its global set-up prepares n8n).`,
		);
	}
}
