/*
 * What n8n recorded of a trigger workflow's polls and executions in its Postgres database (the
 * queue-mode stack): the scheduler's poll occurrences, the executions with their timestamps, and
 * the items each saved execution holds. bench/queueBackfill.ts turns them into figures.
 */
import type { Client } from 'pg';

import { OWNED_BY_WORKFLOW } from '../test/e2e/queue/queueSupport';
import { unflatten } from '../test/e2e/support/executions';

/** One poll: an occurrence of the trigger's job in n8n's scheduler (`scheduled_task`). */
export interface PollTask {
	id: string;
	status: string;
	runAt: Date;
	startedAt: Date | null;
	finishedAt: Date | null;
}

export interface ExecutionRow {
	id: string;
	status: string;
	createdAt: Date;
	startedAt: Date | null;
	stoppedAt: Date | null;
}

export async function pollTasks(db: Client, workflowId: string): Promise<PollTask[]> {
	const { rows } = await db.query<PollTask>(
		`SELECT t.id, t.status, t."runAt", t."startedAt", t."finishedAt"
		 FROM scheduled_task t JOIN scheduled_job j ON j.id = t."jobId" WHERE ${OWNED_BY_WORKFLOW} AND t."startedAt" IS NOT NULL ORDER BY t."startedAt"`,
		[workflowId],
	);
	return rows.map((r) => ({ ...r, id: String(r.id) }));
}

export async function executionRows(db: Client, workflowId: string): Promise<ExecutionRow[]> {
	const { rows } = await db.query<ExecutionRow>(
		`SELECT id, status, "createdAt", "startedAt", "stoppedAt" FROM execution_entity WHERE "workflowId" = $1 ORDER BY id`,
		[workflowId],
	);
	return rows.map((r) => ({ ...r, id: String(r.id) }));
}

/** The poller's error count and back-off (n8n's `poller_state`): a poll that failed or timed out also emits nothing. */
export async function pollerErrors(
	db: Client,
	workflowId: string,
): Promise<{ consecutiveErrors: number; backoffUntil: Date | null }> {
	const { rows } = await db.query<{ consecutiveErrors: number; backoffUntil: Date | null }>(
		`SELECT "consecutiveErrors", "backoffUntil" FROM poller_state WHERE "workflowId" = $1`,
		[workflowId],
	);
	return rows[0] ?? { consecutiveErrors: 0, backoffUntil: null };
}

/**
 * The ids of the items a saved execution holds for `node`, and the characters of its run data
 * (`execution_data.data`, n8n's flatted JSON): read from the database, which proves it was saved.
 */
export async function savedItems(
	db: Client,
	executionId: string,
	node: string,
): Promise<{ ids: string[]; characters: number }> {
	const { rows } = await db.query<{ data: string }>(
		`SELECT data FROM execution_data WHERE "executionId" = $1`,
		[executionId],
	);
	if (!rows.length) throw new Error(`Execution ${executionId}: no saved execution data`);
	const { data } = rows[0];
	const run = unflatten(data) as {
		resultData: {
			runData: Record<
				string,
				Array<{ data?: { main?: Array<Array<{ json: { id?: unknown } }>> } }>
			>;
		};
	};
	const items = run.resultData.runData[node]?.[0]?.data?.main?.[0];
	if (!items)
		throw new Error(`Execution ${executionId}: node "${node}" has no output in the saved run data`);
	return { ids: items.map((item) => String(item.json.id)), characters: data.length };
}
