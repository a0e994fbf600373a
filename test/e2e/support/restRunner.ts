import { readFileSync } from 'node:fs';

import { outcomeOf, type Execution, type RawError } from './n8nCli';
import type { N8nServer } from './n8nServer';
import { unflatten } from './executions';
import { waitFor } from './runtime';

type RunData = Execution['runData'];

/** A run through the main's REST API: the stored execution, and which worker process ran it. */
export interface QueuedExecution extends Execution {
	executionId: string;
	/** The worker whose log says it started the execution (undefined: none did, it ran on the main). */
	worker?: string;
}

/** A stored execution as n8n's REST API answers it (run data in the flatted format). */
export interface StoredExecution {
	id: string;
	status: string;
	finished: boolean;
	mode: string;
	data: string | { resultData: { runData: RunData; error?: RawError } };
}

const DONE = new Set(['success', 'error', 'crashed', 'canceled']);

/**
 * Runs an imported workflow from its Manual Trigger the way the editor's "Execute workflow" does
 * (`POST /rest/workflows/<id>/run`). With OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS the main only
 * enqueues it; a worker runs it and saves it. Waits for the saved execution and reads it back.
 */
export async function startManualRun(
	server: N8nServer,
	workflowId: string,
	trigger: string,
): Promise<string> {
	// n8n 1.x runs the workflow the body carries (and refuses a body without it); n8n 2.x reads it
	// from its database and drops the field.
	const workflowData = await server.rest<Record<string, unknown>>(
		'GET',
		`/rest/workflows/${workflowId}`,
	);
	const answer = await server.rest<{ executionId?: string; waitingForWebhook?: boolean }>(
		'POST',
		`/rest/workflows/${workflowId}/run`,
		{
			workflowData,
			triggerToStartFrom: { name: trigger },
		},
	);
	if (!answer?.executionId)
		throw new Error(`n8n did not start workflow ${workflowId}: ${JSON.stringify(answer)}`);
	return answer.executionId;
}

/** Waits until the execution has finished (any end state) and answers it with its run data. */
export async function finishedExecution(
	server: N8nServer,
	executionId: string,
	timeoutMs = 170_000,
): Promise<StoredExecution> {
	let stored: StoredExecution | undefined;
	await waitFor(
		`execution ${executionId}`,
		async () => {
			stored = await server.rest<StoredExecution>('GET', `/rest/executions/${executionId}`);
			return DONE.has(stored.status);
		},
		timeoutMs,
	);
	return stored!;
}

/** Reads a stored execution into the shape `n8n execute` gives (so the same e2e cases assert both). */
export function asExecution(
	stored: StoredExecution,
	workerLogs: Array<{ name: string; log: string }>,
): QueuedExecution {
	const data = (typeof stored.data === 'string' ? unflatten(stored.data) : stored.data) as
		| { resultData?: { runData?: RunData; error?: RawError } }
		| undefined;
	// A crashed execution (its worker died) may have been saved without any run data.
	const runData = data?.resultData?.runData ?? {};
	const error = data?.resultData?.error;
	const worker = workerOf(stored.id, workerLogs);
	return {
		executionId: stored.id,
		worker,
		code: stored.status === 'success' ? 0 : 1,
		status: stored.status,
		...outcomeOf(runData, error, `Execution ${stored.id}`),
		log: `execution ${stored.id} (${stored.status}) on ${worker ?? 'no worker'}`,
	};
}

/** The worker that logged "Worker started execution <id>" (n8n's job processor logs it at info level). */
export function workerOf(
	executionId: string,
	workerLogs: Array<{ name: string; log: string }>,
): string | undefined {
	const line = new RegExp(`Worker started execution ${executionId} \\(job`);
	return workerLogs.find((w) => line.test(readLog(w.log)))?.name;
}

function readLog(path: string): string {
	try {
		return readFileSync(path, 'utf8');
	} catch {
		return '';
	}
}
