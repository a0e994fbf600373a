import { join } from 'node:path';

import { Client } from 'pg';

import { fixtureVars } from './demoValues';
import type { E2eState } from './e2eState';
import type { N8nServer } from './n8nServer';
import { asExecution, finishedExecution, startManualRun } from './restRunner';
import { REPO_ROOT } from './runtime';
import { loadWorkflowFixtures } from './workflowFixtures';

type Row = Record<string, unknown>;
type Node = { name: string; parameters: Row };
export interface Range {
	fromDateTime: string;
	toDateTime: string;
}

/**
 * The sandbox demo `warehouse-backfill` and its sub-workflow as new workflows of a test on a
 * service of its own: the demo's wiring as shipped, only its range and the sub-workflow's id set.
 */
export class BackfillDemo {
	private constructor(
		private readonly server: N8nServer,
		readonly db: Client,
		private readonly demos: ReturnType<typeof loadWorkflowFixtures>,
	) {}

	/** Connects to the suite's warehouse Postgres; the demos with `credential` (the test's service). */
	static async open(
		state: E2eState,
		server: N8nServer,
		credential: { id: string; name: string },
	): Promise<BackfillDemo> {
		const warehouse = state.warehouse;
		if (!warehouse || !('db' in warehouse))
			throw new Error(
				`The backfill demo needs a Postgres: ${warehouse?.missing ?? 'the global set-up started none'}`,
			);
		const { host, port, database, user, password } = warehouse.db;
		const db = new Client({ host, port, database, user, password });
		await db.connect();
		const demos = loadWorkflowFixtures(
			join(REPO_ROOT, 'sandbox', 'workflows'),
			fixtureVars(credential),
		);
		return new BackfillDemo(server, db, demos);
	}

	/** A demo workflow as shipped (a copy to change), without its id. */
	demo(name: string): Row & { nodes: Node[] } {
		const found = this.demos.find((d) => d.name === name);
		if (!found) throw new Error(`sandbox/workflows/${name}.json is missing`);
		const { id: _id, ...workflow } = structuredClone(found.workflow);
		return workflow as unknown as Row & { nodes: Node[] };
	}

	/** Creates the sub-workflow and the demo over `range` (windows of `window`, the demo's Week by default) calling it; answers the demo's id. */
	async create(range: Range, window?: string): Promise<string> {
		const sub = this.demo('warehouse-backfill-window');
		const subId = await this.server.createWorkflow({ ...sub, name: `E2E: ${String(sub.name)}` });
		const parent = this.demo('warehouse-backfill');
		Object.assign(node(parent, 'Plan windows').parameters, range, window ? { window } : {});
		(node(parent, 'Back up one window').parameters.workflowId as Row).value = subId;
		return await this.server.createWorkflow({ ...parent, name: `E2E: ${String(parent.name)}` });
	}

	/** Runs a workflow from its Manual Trigger as the editor does; how long it took, in seconds. */
	async run(workflowId: string, trigger = 'Run the backfill') {
		const started = Date.now();
		const executionId = await startManualRun(this.server, workflowId, trigger);
		const stored = await finishedExecution(this.server, executionId, 1_200_000);
		return { ...asExecution(stored, []), seconds: (Date.now() - started) / 1000 };
	}

	async empty(): Promise<void> {
		await this.db.query('DROP TABLE IF EXISTS backfill_windows, workforce_time_registrations');
	}

	async doneWindows() {
		const { rows } = await this.db.query<{ window_from: Date; records: number }>(
			'SELECT window_from, records FROM backfill_windows ORDER BY window_from',
		);
		return rows;
	}

	/** The warehouse's rows by id: each record as stored. */
	async rows(): Promise<Map<string, Row>> {
		const { rows } = await this.db.query<{ id: string; record: Row }>(
			'SELECT id, record FROM workforce_time_registrations',
		);
		return new Map(rows.map((r) => [r.id, r.record]));
	}

	async close(): Promise<void> {
		// The shared demo runs (sandboxWorkflows, sandboxWarehouse) start from an empty warehouse.
		await this.empty();
		await this.db.end();
	}
}

export function node(workflow: { nodes: Node[] }, name: string): Node {
	const found = workflow.nodes.find((n) => n.name === name);
	if (!found) throw new Error(`The demo has no node "${name}"`);
	return found;
}

/** A year up to the last whole second, as the demo's $today-based range would be. */
export function lastYear(): Range {
	const end = Math.floor(Date.now() / 1000) * 1000;
	return {
		fromDateTime: new Date(end - 365 * 86_400_000).toISOString(),
		toDateTime: new Date(end - 1).toISOString(),
	};
}
