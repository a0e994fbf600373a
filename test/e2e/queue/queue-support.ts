import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

import { Client } from 'pg';

import type { N8nServer } from '../support/n8n-server';
import { waitFor } from '../support/runtime';
import { QUEUE_DIR, readStack } from './stack-file';

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
	const { versionId } = await server.rest<{ versionId: string }>('GET', `/rest/workflows/${workflowId}`);
	await server.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId });
}

/**
 * Brings the next poll of an active workflow forward to now. With durable poll cursors n8n's
 * scheduler materialises each poll as a `scheduled_task` row (every minute at the shortest) and
 * runs due rows every few seconds; moving the next pending row's `runAt` lets a case poll many
 * times without waiting a minute each. The poll itself is n8n's own scheduled path.
 */
export async function pollNow(workflowId: string): Promise<void> {
	const db = await postgres('n8n');
	try {
		await waitFor(
			`a pending poll of workflow ${workflowId}`,
			async () => {
				const moved = await db.query(
					`UPDATE scheduled_task SET "runAt" = now() WHERE id = (
						SELECT t.id FROM scheduled_task t JOIN scheduled_job j ON j.id = t."jobId"
						WHERE j."ownerType" = 'workflow' AND j."ownerId" = $1 AND t.status = 'pending' ORDER BY t."scheduledFor" LIMIT 1)`,
					[workflowId],
				);
				return (moved.rowCount ?? 0) > 0;
			},
			30_000,
		);
	} finally {
		await db.end();
	}
}

/** Figures a case measured (durations, token requests), printed and kept in .e2e/queue/figures.txt for the report. */
export function figure(line: string) {
	process.stdout.write(`[queue figure] ${line}\n`);
	appendFileSync(join(QUEUE_DIR, 'figures.txt'), `${line}\n`);
}
