import type { EmulatorControl } from './emulatorProcess';
import type { N8nServer } from './n8nServer';

/**
 * n8n stores run data in the "flatted" format (a table of values; in objects and arrays every
 * string and every nested object is the index of its entry). A small reader, to avoid a dependency.
 */
export function unflatten(text: string): unknown {
	const table = JSON.parse(text) as unknown[];
	const done = new Map<number, unknown>();
	const revive = (index: number): unknown => {
		if (done.has(index)) return done.get(index);
		const value = table[index];
		if (typeof value !== 'object' || value === null) {
			done.set(index, value);
			return value;
		}
		const out: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
		done.set(index, out);
		for (const [key, entry] of Object.entries(value))
			(out as Record<string, unknown>)[key] =
				typeof entry === 'string' ? revive(Number(entry)) : entry;
		return out;
	};
	return revive(0);
}

export interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
}

/** Statuses of an execution n8n has not ended yet ('new': created, not started; 'queued': queue mode). */
const UNFINISHED = new Set(['new', 'queued', 'running']);

/** Whether n8n has ended the execution (success, error, crashed, canceled, ...). */
export const finished = (execution: ExecutionSummary): boolean => !UNFINISHED.has(execution.status);

/** The executions of a workflow, oldest first (n8n's REST API as the logged-in user). */
export async function executionsOf(
	server: N8nServer,
	workflowId: string,
): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const answer = await server.rest<{ results: ExecutionSummary[] }>(
		'GET',
		`/rest/executions?filter=${filter}&limit=50`,
	);
	return [...answer.results].sort((a, b) => Number(a.id) - Number(b.id));
}

type Json = Record<string, unknown>;

/** A node's first run in a stored execution: its items per output, its hints, its error. */
export interface NodeRun {
	/** The json of the items of each output (main), first output first; [1] is the error output. */
	outputs: Json[][];
	/** The execution hints the node added (`addExecutionHints`), as n8n stored them. */
	hints: Array<{ message: string; type?: string; location?: string }>;
	error?: { message: string; description?: string };
}

/** A node's first run in a stored execution. */
export async function executionNodeRun(
	server: N8nServer,
	executionId: string,
	node: string,
): Promise<NodeRun> {
	const execution = await server.rest<{ data: unknown }>('GET', `/rest/executions/${executionId}`);
	const data = (
		typeof execution.data === 'string' ? unflatten(execution.data) : execution.data
	) as {
		resultData: {
			runData: Record<
				string,
				Array<{
					data?: { main?: Array<Array<{ json: Json }> | null> };
					hints?: NodeRun['hints'];
					error?: NodeRun['error'];
				}>
			>;
		};
	};
	const runs = data.resultData.runData[node];
	if (!runs)
		throw new Error(
			`Execution ${executionId}: node "${node}" did not run; ran: ${Object.keys(data.resultData.runData).join(', ')}`,
		);
	const [run] = runs;
	return {
		outputs: (run.data?.main ?? []).map((items) => (items ?? []).map((item) => item.json)),
		hints: run.hints ?? [],
		error: run.error,
	};
}

/** The output items (json) of a node in a stored execution. */
export async function executionItems(
	server: N8nServer,
	executionId: string,
	node: string,
): Promise<Json[]> {
	return (await executionNodeRun(server, executionId, node)).outputs[0] ?? [];
}

/**
 * Deactivates a polling workflow and waits until it has stopped reaching the service: n8n does not
 * cancel a poll that began before the deactivation. Call it inside the test (single process: each
 * file's n8n is stopped by an afterAll declared before the file's own, so a deactivation there
 * fails, the workflow stays active in n8n's database and polls on in every later file, seen in
 * the credential and trigger cases' request logs). Done when no execution of it is running and the
 * emulator saw no API request for 3 s (a settle condition, not an assertion; a minute at most).
 */
export async function deactivateAndSettle(
	server: N8nServer,
	emulator: EmulatorControl,
	workflowId: string,
): Promise<void> {
	await server.deactivateWorkflow(workflowId);
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		await emulator.mark();
		await new Promise((r) => setTimeout(r, 3_000));
		const running = !(await executionsOf(server, workflowId)).every(finished);
		if (!running && (await emulator.apiRequests()).length === 0) return;
	}
	throw new Error(
		`Workflow ${workflowId} still reaches the service a minute after its deactivation.`,
	);
}
