import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';

import { fixtureVars, workforceCredential } from './demoValues';
import { E2E_DIR, type E2eState } from './e2eState';
import { EmulatorControl, emulatorUrls, startEmulatorProcess } from './emulatorProcess';
import type { Execution } from './n8nCli';
import type { N8nServer } from './n8nServer';
import { asExecution, finishedExecution, startManualRun } from './restRunner';
import { freePort, REPO_ROOT, waitFor } from './runtime';
import { loadWorkflowFixtures } from './workflowFixtures';
import { readStack } from '../queue/stackFile';

type Row = Record<string, unknown>;
type Item = {
	json: Row;
	binary?: Record<string, { id?: string; data?: string; fileName?: string }>;
};

/** The demo of sandbox/workflows/resume-after-failure.json: the names its nodes have there. */
export const DEMO_NODES = {
	window: 'Window to read',
	extraction: 'Time registrations, week by week',
	write: 'Write parts to disk',
	wait: 'Wait before resuming',
	count: 'Count the attempt',
	attemptsLeft: 'Attempts left?',
	giveUp: 'Give up',
} as const;

export interface Window {
	fromDateTime: string;
	toDateTime: string;
}

/**
 * An emulator of its own with `records` generated time registrations (the suite's shared one has
 * 3,000), and a Workforce credential for it in the running n8n (single process or the queue main).
 */
export async function startLargeService(
	state: E2eState,
	server: N8nServer,
	records: number,
): Promise<{
	control: EmulatorControl;
	credential: { id: string; name: string };
	stop(): void;
}> {
	const port = await freePort();
	const child: ChildProcess = await startEmulatorProcess(
		state.runtime.node,
		port,
		createWriteStream(join(E2E_DIR, 'emulator-resume.log'), { flags: 'a' }),
		{ WORKFORCE_EMULATOR_TIME_REGISTRATIONS: String(records) },
	);
	const urls = emulatorUrls(port);
	const draft = workforceCredential('unsaved', `Workforce (${records} registrations)`, urls);
	const id = await server.createCredential(draft);
	return {
		control: new EmulatorControl(urls.control, urls),
		credential: { id, name: draft.name },
		stop: () => void child.kill(),
	};
}

/**
 * The shipped demo with this test's window and settings: the pattern under test is the demo's own
 * wiring (error output -> Wait -> Count the attempt -> Attempts left? -> the same node over
 * `resume`), only the numbers differ.
 */
export function resumeDemo(
	state: E2eState,
	credential: { id: string; name: string },
	settings: {
		window: Window;
		partRecords: number;
		chunkLimit: number;
		retries: number;
		waitSeconds: number;
	},
): Record<string, unknown> {
	const filesFolder = state.server.filesFolder ?? join(E2E_DIR, 'files');
	const [demo] = loadWorkflowFixtures(
		join(REPO_ROOT, 'sandbox', 'workflows'),
		fixtureVars(credential, undefined, filesFolder),
	).filter((f) => f.name === 'resume-after-failure');
	if (!demo) throw new Error('sandbox/workflows/resume-after-failure.json is missing');
	const nodes = demo.workflow.nodes as unknown as Array<{ name: string; parameters: Row }>;
	const node = (name: string) => {
		const found = nodes.find((n) => n.name === name);
		if (!found) throw new Error(`The resume demo has no node "${name}"`);
		return found;
	};
	const window = node(DEMO_NODES.window).parameters.assignments as {
		assignments: Array<{ name: string; value: unknown }>;
	};
	for (const field of window.assignments)
		if (field.name === 'fromDateTime') field.value = settings.window.fromDateTime;
		else if (field.name === 'toDateTime') field.value = settings.window.toDateTime;
	const extraction = node(DEMO_NODES.extraction).parameters;
	extraction.partRecords = settings.partRecords;
	extraction.options = {
		...(extraction.options as Row),
		chunkLimit: settings.chunkLimit,
		retries: settings.retries,
		retryDelay: 50,
	};
	node(DEMO_NODES.wait).parameters.amount = settings.waitSeconds;
	const { id: _id, ...workflow } = demo.workflow;
	return { ...workflow, name: `E2E: ${String(workflow.name)} (${Date.now()})` };
}

/**
 * Runs the workflow from its Manual Trigger through n8n's REST API (single process: on the
 * server; queue mode: on a worker) and, meanwhile, mends the service: once the fault rule
 * `faultId` has hit `hits` requests (the failing page and its retries: the node has given up on
 * it and its error output waits), the rule is removed.
 */
export async function runAndMend(
	state: E2eState,
	server: N8nServer,
	service: EmulatorControl,
	workflowId: string,
	fault: { id: number; hits: number },
): Promise<Execution & { executionId: string; worker?: string }> {
	const executionId = await startManualRun(server, workflowId, 'Run now');
	await waitFor(
		`fault rule ${fault.id} to hit ${fault.hits} requests`,
		async () =>
			((await service.faultRules()).find((rule) => rule.id === fault.id)?.hits ?? 0) >= fault.hits,
		300_000,
	);
	await service.removeFault(fault.id);
	const stored = await finishedExecution(server, executionId, 600_000);
	return asExecution(stored, state.queue ? readStack().workers : []);
}

/** The runs of the extraction node in an execution: its parts (main output) and error items. */
export function extractionRuns(run: Execution): Array<{ parts: Item[]; errors: Item[] }> {
	return (run.runData[DEMO_NODES.extraction] ?? []).map((r) => {
		const main = (r.data?.main ?? []) as Array<Item[] | null>;
		return { parts: main[0] ?? [], errors: main[1] ?? [] };
	});
}

/** A part's records, read back from n8n's binary data store as the editor downloads it. */
export async function partLines(server: N8nServer, part: Item): Promise<string[]> {
	const binary = part.binary?.data;
	if (!binary) throw new Error(`A part item without binary "data": ${JSON.stringify(part.json)}`);
	const bytes = binary.id
		? await server.getBytes(`/rest/binary-data?id=${encodeURIComponent(binary.id)}&action=download`)
		: Buffer.from(String(binary.data), 'base64');
	const text = bytes.toString('utf8');
	if (!text.endsWith('\n')) throw new Error(`${binary.fileName}: does not end with a newline`);
	return text.slice(0, -1).split('\n');
}

/** Every time registration of the window, as a plain read pages through it (10,000 a page). */
export async function plainRead(service: EmulatorControl, window: Window): Promise<Row[]> {
	const records: Row[] = [];
	let token: string | undefined;
	do {
		const query = new URLSearchParams({
			FromDateTime: window.fromDateTime,
			ToDateTime: window.toDateTime,
			ChunkLimit: '10000',
			...(token ? { ContinuationToken: token } : {}),
		});
		const page = (await service.extractionGet(`/v1/time-registrations?${query}`)) as {
			data: Row[];
			continuationToken?: string;
		};
		records.push(...page.data);
		token = page.continuationToken || undefined;
	} while (token);
	return records;
}

/** Monday 00:00 UTC of the week holding `day` (yyyy-MM-dd or an instant), as yyyy-MM-dd. */
export function mondayOf(day: string): string {
	const ms = Date.parse(day.length === 10 ? `${day}T00:00:00Z` : day);
	const weekday = (new Date(ms).getUTCDay() + 6) % 7;
	return new Date(ms - weekday * 86_400_000).toISOString().slice(0, 10);
}

/** The day `weeks` weeks after `monday` (yyyy-MM-dd). */
export function weeksAfter(monday: string, weeks: number): string {
	return new Date(Date.parse(`${monday}T00:00:00Z`) + weeks * 7 * 86_400_000)
		.toISOString()
		.slice(0, 10);
}
