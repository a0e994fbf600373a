import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

import { Client } from 'pg';

import type { N8nServer } from '../support/n8nServer';
import { waitFor } from '../support/runtime';
import { QUEUE_DIR, readStack } from './stackFile';

/** A client of the stack's Postgres (n8n's database, or the `warehouse` the sync workflow writes to). */
export async function postgres(database: 'n8n' | 'warehouse'): Promise<Client> {
	const { postgres: pg } = readStack().services;
	const client = new Client({ host: pg.host, port: pg.port, user: pg.user, database });
	await client.connect();
	return client;
}

/** The worker processes' logs (n8n logs "Worker started execution <id>" there). */
export function workerLogs(): Array<{ name: string; log: string }> {
	return readStack().workers;
}

/** Activates a workflow as the editor's Publish does (its current version). */
export async function activate(server: N8nServer, workflowId: string) {
	const { versionId } = await server.rest<{ versionId: string }>(
		'GET',
		`/rest/workflows/${workflowId}`,
	);
	await server.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId });
}

/** SQL condition on n8n's `scheduled_job j`: the poll jobs of workflow `$1`. */
export const OWNED_BY_WORKFLOW = `j."ownerType" = 'workflow' AND j."ownerId" = $1`;

/**
 * Runs a poll of an active workflow now, through n8n's own scheduled path, and waits until it has
 * finished. With durable poll cursors n8n's scheduler keeps a `scheduled_job` per poll trigger and
 * runs each occurrence as a `scheduled_task` row (every minute at the shortest, materialised a few
 * seconds ahead); adding an occurrence due now, as the scheduler itself would, lets a case poll many
 * times without waiting a minute each. Waits first for a poll already running to end, so two polls of
 * the trigger never overlap. Answers the occurrence's end state (`succeeded`, `failed`).
 */
export async function pollNow(workflowId: string): Promise<string> {
	const db = await postgres('n8n');
	try {
		const busy = async () =>
			Number(
				(
					await db.query(
						`SELECT count(*) AS n FROM scheduled_task t JOIN scheduled_job j ON j.id = t."jobId" WHERE ${OWNED_BY_WORKFLOW} AND t.status = 'running'`,
						[workflowId],
					)
				).rows[0].n,
			) > 0;
		await waitFor(
			`the running poll of workflow ${workflowId}`,
			async () => !(await busy()),
			90_000,
		);
		// n8n provisions the poll job a moment after the activation answers.
		const jobs = async () =>
			Number(
				(
					await db.query(
						`SELECT count(*) AS n FROM scheduled_job j WHERE ${OWNED_BY_WORKFLOW} AND j.enabled`,
						[workflowId],
					)
				).rows[0].n,
			);
		await waitFor(
			`the poll job of workflow ${workflowId}`,
			async () => (await jobs()) > 0,
			30_000,
		).catch(() => undefined);
		const inserted = await db.query<{ id: string }>(
			`INSERT INTO scheduled_task ("jobId", "taskType", payload, "scheduledFor", "runAt", status, "maxAttempts", "missedAfter")
			 SELECT j.id, j."taskType", j.payload, now(), now(), 'pending', j."maxAttempts", now() + interval '60 seconds'
			 FROM scheduled_job j WHERE ${OWNED_BY_WORKFLOW} AND j.enabled RETURNING id`,
			[workflowId],
		);
		if (inserted.rowCount !== 1)
			throw new Error(
				`Workflow ${workflowId} has ${inserted.rowCount} enabled poll jobs (is it active with durable poll cursors?)`,
			);
		const id = inserted.rows[0].id;
		let status = 'pending';
		await waitFor(
			`poll ${id} of workflow ${workflowId}`,
			async () => {
				status = String(
					(await db.query('SELECT status FROM scheduled_task WHERE id = $1', [id])).rows[0].status,
				);
				return status !== 'pending' && status !== 'running';
			},
			120_000,
		);
		return status;
	} finally {
		await db.end();
	}
}

/** Figures a case measured (durations, token requests), printed and kept in .e2e/queue/figures.txt for the report. */
export function figure(line: string) {
	process.stdout.write(`[queue figure] ${line}\n`);
	appendFileSync(join(QUEUE_DIR, 'figures.txt'), `${line}\n`);
}
