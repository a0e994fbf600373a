import type { N8nServer } from './n8nServer';
import { asExecution, finishedExecution, startManualRun } from './restRunner';
import type { Window } from './resumeDemo';

type Row = Record<string, unknown>;

/** The node's name in the workflows below. */
export const ITEMS_NODE = 'Time registrations';
const TRIGGER = 'Run now';

/**
 * Return All into items over `input`'s window, as a user builds the resume pattern across
 * executions (issue 46): version 2 (its default Item Memory Budget), Partition By Week, On Error:
 * Continue (using error output); From/To are the error item's `details.resume` when `input` is the
 * error item of the run before, else its own `fromDateTime`/`toDateTime`. Version 1 (no budget)
 * reads the window in one run.
 */
export function itemsWorkflow(
	credential: { id: string; name: string },
	input: Row,
	version: 1 | 2 = 2,
): Row {
	return {
		name: `Items within the budget (${Date.now()})`,
		nodes: [
			{
				id: 'budget-trigger',
				name: TRIGGER,
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'budget-input',
				name: 'Resume from',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [200, 0],
				parameters: { mode: 'raw', jsonOutput: JSON.stringify(input), options: {} },
			},
			{
				id: 'budget-extract',
				name: ITEMS_NODE,
				type: 'n8n-nodes-workforce.workforce',
				typeVersion: version,
				position: [400, 0],
				...(version === 2 ? { onError: 'continueErrorOutput' } : {}),
				parameters: {
					resource: 'dataExtraction',
					operation: 'getTimeRegistrations',
					returnAll: true,
					fromDateTime: '={{ $json.details?.resume?.fromDateTime ?? $json.fromDateTime }}',
					toDateTime: '={{ $json.details?.resume?.toDateTime ?? $json.toDateTime }}',
					options: version === 2 ? { partitionBy: 'week' } : {},
				},
				credentials: { workforceApi: credential },
			},
		],
		connections: {
			[TRIGGER]: { main: [[{ node: 'Resume from', type: 'main', index: 0 }]] },
			'Resume from': { main: [[{ node: ITEMS_NODE, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** One execution of the pattern: what it delivered and the error item naming the rest, if any. */
export interface BudgetRun {
	executionId: string;
	status: string;
	records: Row[];
	errorItem?: { error: string; details: { resume: Window } & Row };
	seconds: number;
}

/**
 * Runs the items workflow from `window` as separate executions, each over the error item of the
 * one before, until one ends without an error item (at most `maxRuns`); `each` sees every run as
 * it ends (and may hold what it needs: the runs keep only the records' ids).
 */
export async function resumeExecutions(
	server: N8nServer,
	credential: { id: string; name: string },
	window: Window,
	each: (run: BudgetRun) => Promise<void> | void,
	maxRuns = 60,
): Promise<{ runs: number; ids: string[] }> {
	const ids: string[] = [];
	let input: Row = { ...window };
	for (let runs = 1; runs <= maxRuns; runs++) {
		const run = await runItems(
			server,
			await server.createWorkflow(itemsWorkflow(credential, input)),
		);
		await each(run);
		for (const record of run.records) ids.push(String(record.id));
		if (!run.errorItem) return { runs, ids };
		input = run.errorItem;
	}
	throw new Error(`The resume pattern did not end within ${maxRuns} executions`);
}

/** One execution of an items workflow through n8n's REST API, as the editor runs it. */
export async function runItems(server: N8nServer, workflowId: string): Promise<BudgetRun> {
	const started = Date.now();
	const executionId = await startManualRun(server, workflowId, TRIGGER);
	const run = asExecution(await finishedExecution(server, executionId, 600_000), []);
	const main = (run.runData[ITEMS_NODE]?.[0]?.data?.main ?? []) as Array<Array<{
		json: Row;
	}> | null>;
	return {
		executionId,
		status: run.status ?? '',
		records: (main[0] ?? []).map((item) => item.json),
		errorItem: main[1]?.[0]?.json as BudgetRun['errorItem'],
		seconds: (Date.now() - started) / 1000,
	};
}

/** From the first to the last work date of `records` (00:00 UTC): the window holding them all. */
export function windowOf(records: Row[]): Window {
	let [first, last] = ['9999', '0000'];
	for (const { workDate } of records as Array<{ workDate: string }>) {
		if (workDate < first) first = workDate;
		if (workDate > last) last = workDate;
	}
	return { fromDateTime: `${first}T00:00:00Z`, toDateTime: `${last}T00:00:00Z` };
}
