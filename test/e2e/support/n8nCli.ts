import { spawn } from 'node:child_process';
import {
	closeSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { n8nEnv, type N8nInstance } from './n8nEnv';
import type { N8nRuntime } from './runtime';
import type { WorkflowFixture } from './workflowFixtures';

export interface CliResult {
	/** Exit code; -1 when the process was ended by a signal. */
	code: number;
	signal?: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

/**
 * Runs one n8n command (`import:workflow`, `execute`, ...) on Node 24 against the instance's user
 * folder. Its standard output goes to a file, not a pipe: n8n prints the run data and then calls
 * process.exit(), and output still queued for a pipe that the reader (a busy jest process) has not
 * drained is lost; a file is written synchronously. `env` adds to (or overrides) the quiet
 * environment of n8nEnv, e.g. another binary data mode for one run.
 */
export function n8nCli(
	runtime: N8nRuntime,
	instance: N8nInstance,
	args: string[],
	timeoutMs = 180_000,
	env: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
	const scratch = mkdtempSync(join(tmpdir(), 'wf-n8n-cli-'));
	const outFile = join(scratch, 'stdout');
	const out = openSync(outFile, 'w');
	const readOut = () => {
		try {
			return readFileSync(outFile, 'utf8');
		} finally {
			rmSync(scratch, { recursive: true, force: true });
		}
	};
	return new Promise((resolve, reject) => {
		const child = spawn(runtime.node, [runtime.bin, ...args], {
			env: { ...n8nEnv(instance, process.env, runtime), ...env },
			stdio: ['ignore', out, 'pipe'],
		});
		closeSync(out);
		let stderr = '';
		child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(
				new Error(
					`n8n ${args.join(' ')} did not finish within ${timeoutMs / 1000} s\n${readOut().slice(-4000)}\n${stderr}`,
				),
			);
		}, timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			rmSync(scratch, { recursive: true, force: true });
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			resolve({ code: code ?? -1, signal, stdout: readOut(), stderr });
		});
	});
}

async function mustSucceed(what: string, result: Promise<CliResult>): Promise<CliResult> {
	const done = await result;
	if (done.code !== 0)
		throw new Error(
			`${what} failed (exit ${done.code}):\n${done.stdout.slice(-4000)}\n${done.stderr.slice(-4000)}`,
		);
	return done;
}

export interface CredentialFixture {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/** `n8n import:credentials`: plain data in, encrypted with the instance key on import. */
export async function importCredentials(
	runtime: N8nRuntime,
	instance: N8nInstance,
	credentials: CredentialFixture[],
	scratch: string,
) {
	mkdirSync(scratch, { recursive: true });
	const file = join(scratch, 'credentials.json');
	writeFileSync(file, JSON.stringify(credentials, null, 2));
	await mustSucceed(
		'n8n import:credentials',
		n8nCli(runtime, instance, ['import:credentials', `--input=${file}`]),
	);
}

/** `n8n import:workflow` of all fixtures at once (one n8n start-up instead of one per workflow). */
export async function importWorkflows(
	runtime: N8nRuntime,
	instance: N8nInstance,
	fixtures: WorkflowFixture[],
	scratch: string,
) {
	if (!fixtures.length) return;
	mkdirSync(scratch, { recursive: true });
	const file = join(scratch, 'workflows.json');
	writeFileSync(
		file,
		JSON.stringify(
			fixtures.map((f) => f.workflow),
			null,
			2,
		),
	);
	await mustSucceed(
		'n8n import:workflow',
		n8nCli(runtime, instance, ['import:workflow', `--input=${file}`]),
	);
}

/** A run's error as n8n stores and prints it. */
export interface RawError {
	message?: string;
	description?: string;
	name?: string;
	httpCode?: string;
	node?: { name?: string };
}

interface NodeRun {
	executionStatus?: string;
	error?: { message?: string; description?: string; name?: string; httpCode?: string };
	data?: {
		main?: Array<Array<{ json: Record<string, unknown>; binary?: Record<string, unknown> }> | null>;
	};
}

export interface Execution {
	/** Exit code of `n8n execute`: 0 when the workflow succeeded, 1 when it failed. */
	code: number;
	status: string;
	/** The workflow's error (the failing node's), if any. */
	error?: {
		message: string;
		description?: string;
		node?: string;
		name?: string;
		httpCode?: string;
	};
	runData: Record<string, NodeRun[]>;
	/** Output items (json) of a node's first run, first output. */
	json(node: string): Array<Record<string, unknown>>;
	/** Everything n8n printed, for failure messages. */
	log: string;
}

/**
 * What both ways of running a workflow read alike from its result data (`n8n execute`'s output, a
 * stored execution): the error as the cases assert it, and a node's output items; `run` names the
 * run in the error for a node that did not run.
 */
export function outcomeOf(
	runData: Execution['runData'],
	error: RawError | undefined,
	run: string,
): Pick<Execution, 'error' | 'runData' | 'json'> {
	return {
		error: error
			? {
					message: String(error.message),
					description: error.description,
					node: error.node?.name,
					name: error.name,
					httpCode: error.httpCode,
				}
			: undefined,
		runData,
		json(node: string) {
			const runs = runData[node];
			if (!runs)
				throw new Error(
					`${run}: node "${node}" did not run; ran: ${Object.keys(runData).join(', ')}`,
				);
			return (runs[0].data?.main?.[0] ?? []).map((item) => item.json);
		},
	};
}

/**
 * `n8n execute --id=... --rawOutput`: runs the workflow from its Manual Trigger in a fresh n8n
 * process and returns the run data. n8n prints its log lines first, then the run as JSON
 * (indented: the document starts and ends at lines that are exactly `{` and `}`), also when the
 * workflow failed. `env`: settings of this run's n8n on top of the suite's (see n8nCli).
 */
export async function executeWorkflow(
	runtime: N8nRuntime,
	instance: N8nInstance,
	workflowId: string,
	env: NodeJS.ProcessEnv = {},
): Promise<Execution> {
	const result = await n8nCli(
		runtime,
		instance,
		['execute', `--id=${workflowId}`, '--rawOutput'],
		180_000,
		env,
	);
	const log = `${result.stdout}\n${result.stderr}`;
	const lines = result.stdout.split('\n');
	const start = lines.indexOf('{');
	const end = lines.indexOf('}', start);
	if (start < 0 || end < 0)
		throw new Error(
			`n8n execute --id=${workflowId} printed no run data (exit ${result.code}):\n${log.slice(-4000)}`,
		);
	const run = JSON.parse(lines.slice(start, end + 1).join('\n')) as {
		status: string;
		data: { resultData: { runData: Record<string, NodeRun[]>; error?: RawError } };
	};
	const { runData, error } = run.data.resultData;
	return {
		// n8n 1.123's `execute` was once ended by a signal after it had printed the whole run (a
		// successful one), while shutting down: the run printed is the outcome then.
		code: result.code === -1 && result.signal ? (error ? 1 : 0) : result.code,
		// n8n 2.3 prints a failed run before it records its final status ("running"); the process has
		// ended, so the run has too, and its error says how.
		status: run.status === 'running' ? (error ? 'error' : 'success') : run.status,
		...outcomeOf(runData, error, `n8n execute --id=${workflowId}`),
		log,
	};
}
