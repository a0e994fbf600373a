/*
 * The `n8n` bench suite's set-up: this package built, packed and installed into a throwaway n8n
 * user folder the way Settings > Community Nodes does, a credential for the bench emulator and
 * two workflows doing the same Return All (this package's node; n8n's HTTP Request node with its
 * pagination option). Scenario processes run them with `n8n execute` (bench/scenarios/n8nExecute).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Emulator } from '../test/emulator';
import { DEMO } from '../test/emulator';
import { installCommunityPackage, packPackage } from '../test/e2e/support/communityPackage';
import { importCredentials, importWorkflows } from '../test/e2e/support/n8nCli';
import type { WorkflowFixture } from '../test/e2e/support/workflowFixtures';
import type { N8nInstance } from '../test/e2e/support/n8nEnv';
import { freePort, n8nRuntime, REPO_ROOT, type N8nRuntime } from '../test/e2e/support/runtime';
import { HTTP_REQUEST_PAGINATION } from './httpRequestPagination';

/** What a scenario process needs, passed in BENCH_N8N_INSTANCE. */
export interface BenchN8n {
	runtime: N8nRuntime;
	instance: N8nInstance;
	workflows: Record<BenchWorkflow, string>;
	/** The node both workflows time: its executionTime is the figure. */
	node: string;
	scratch: string;
}

const NODE = 'Extract';

/** The owner the bench's `n8n start` scenarios set up and log in as. */
export const BENCH_OWNER = {
	email: 'bench@example.com',
	firstName: 'Bench',
	lastName: 'Owner',
	password: 'Bench-owner-1',
};

/** The workflows every `n8n` suite can run (BENCH_N8N_WORKFLOW). */
export type BenchWorkflow =
	| 'workforce'
	| 'workforceFootprint'
	| 'httpRequest'
	| 'httpSplitOut'
	| 'workforceFile'
	| 'workforceFileGzip'
	| 'workforceFileFootprint'
	| 'httpRequestFiles'
	| 'workforceWindow'
	| 'workforcePartitioned'
	| 'workforceFileWindow'
	| 'workforceFilePartitioned'
	/** File output with the window's partitions by day, week or month (ExtractionWindow.partitionsBy). */
	| `workforceFilePartitioned.${string}`;
/** The loop around the HTTP Request node in the httpRequestFiles workflow. */
export const LOOP = 'Loop';
/** Split Out after the HTTP Request node (the httpSplitOut workflow). */
export const SPLIT = 'Split Out';

/**
 * The runs whose executionTime, summed, is a workflow's figure: the measured node's, and Split
 * Out's or the loop's where the workflow has them (bench/scenarios/n8nExecute and n8nServer).
 */
export function timedRuns<Run>(
	which: BenchWorkflow,
	runData: Record<string, Run[]>,
	node: string,
): Run[] {
	if (which === 'httpSplitOut') return [...runData[node], ...runData[SPLIT]];
	if (which === 'httpRequestFiles') return [...runData[node], ...runData[LOOP]];
	return runData[node];
}
/** The date window of the windowed workflows, and how the partitioned ones split it. */
export interface ExtractionWindow {
	from: string;
	to: string;
	partitionBy: string;
	parallelRequests: number;
	/** More Partition By settings, each its own File workflow `workforceFilePartitioned.<setting>`. */
	partitionsBy?: string[];
}

const DEFAULT_WINDOW: ExtractionWindow = {
	from: '2000-01-01T00:00:00.000Z',
	to: '2100-01-01T00:00:00.000Z',
	partitionBy: 'month',
	parallelRequests: 4,
};
const CREDENTIAL = { id: 'benchWorkforce01', name: 'Workforce (bench emulator)' };

/**
 * `pageUrls`: the pages of a Return All (bench/pageUrls.ts), for the httpRequestFiles workflow:
 * n8n's own HTTP Request node fetching each of them, one after the other (Loop Over Items, one
 * item a round: the node alone would send all 400 at once), into a binary file each. n8n's own
 * streaming path for the same bytes, as a peer for File output.
 */
export async function prepareN8n(
	emulator: Emulator,
	pageUrls?: string[],
	window: ExtractionWindow = DEFAULT_WINDOW,
): Promise<BenchN8n> {
	const scratch = mkdtempSync(join(tmpdir(), 'n8n-nodes-workforce-bench-'));
	execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
	const tarball = packPackage(scratch);
	const userFolder = join(scratch, 'n8n');
	installCommunityPackage(tarball, userFolder);
	const runtime = n8nRuntime();
	const instance = { userFolder, port: await freePort(), brokerPort: await freePort() };
	const { urls } = emulator;
	const { clientId, clientSecret } = DEMO.clients.admin;
	await importCredentials(
		runtime,
		instance,
		[
			{
				...CREDENTIAL,
				type: 'workforceApi',
				data: {
					clientId,
					clientSecret,
					scopes: 'svcapiv3 reportingapiv1',
					integrationBaseUrl: urls.integration,
					extractionBaseUrl: urls.extraction,
					identityBaseUrl: urls.identity,
				},
			},
		],
		scratch,
	);

	const start = {
		id: 'b0000000-0000-4000-8000-000000000001',
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const workforceWith = (id: string, name: string, parameters: Record<string, unknown>) => ({
		id,
		name,
		nodes: [
			start,
			{
				id: 'b0000000-0000-4000-8000-000000000002',
				name: NODE,
				type: 'n8n-nodes-workforce.workforce',
				typeVersion: 1,
				position: [240, 0],
				parameters: {
					resource: 'dataExtraction',
					operation: 'getTimeRegistrations',
					returnAll: true,
					options: {},
					...parameters,
				},
				credentials: { workforceApi: CREDENTIAL },
			},
		],
		connections: { Start: { main: [[{ node: NODE, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	});
	const workforce = workforceWith('benchWfWorkforce', 'Bench: Workforce node, Return All', {});
	// n8n's fixed cost of an execution, start to stop, for item mode: the same workflow, one request for one record.
	const workforceFootprint = workforceWith(
		'benchWfWf1Record',
		'Bench: Workforce node, one record (Limit 1)',
		{ returnAll: false, limit: 1 },
	);
	const workforceFile = workforceWith(
		'benchWfWfFile001',
		'Bench: Workforce node, Return All to an NDJSON file',
		{ output: 'file' },
	);
	const workforceFileGzip = workforceWith(
		'benchWfWfFileGz1',
		'Bench: Workforce node, Return All to a gzipped NDJSON file',
		{ output: 'file', compress: true },
	);
	// n8n's own footprint for a File run: the same workflow reading one record.
	const workforceFileFootprint = workforceWith(
		'benchWfWfFile1Rc',
		'Bench: Workforce node, one record to a file',
		{ output: 'file', returnAll: false, limit: 1 },
	);
	// Issue 23: the same Return All over one date window, as one stream and split into partitions
	// paged side by side (the options of nodes/Workforce/resources/dataExtraction/fields.ts).
	const windowed = { fromDateTime: window.from, toDateTime: window.to };
	const partitioned = {
		...windowed,
		options: { partitionBy: window.partitionBy, parallelRequests: window.parallelRequests },
	};
	const workforceWindow = workforceWith(
		'benchWfWindow001',
		'Bench: Workforce node, one date window, one stream',
		windowed,
	);
	const workforcePartitioned = workforceWith(
		'benchWfPartitn01',
		'Bench: Workforce node, one date window in partitions side by side',
		partitioned,
	);
	const workforceFileWindow = workforceWith(
		'benchWfFileWin01',
		'Bench: Workforce node, one date window, one stream, to an NDJSON file',
		{ ...windowed, output: 'file' },
	);
	const workforceFilePartitioned = workforceWith(
		'benchWfFilePart1',
		'Bench: Workforce node, one date window in partitions side by side, to an NDJSON file',
		{ ...partitioned, output: 'file' },
	);
	// As a user would build it without this package: a token request, then the paginated GET.
	const httpRequest = {
		id: 'benchWfHttpRqst1',
		name: 'Bench: HTTP Request node with pagination',
		nodes: [
			start,
			{
				id: 'b0000000-0000-4000-8000-000000000003',
				name: 'Token',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [240, 0],
				parameters: {
					method: 'POST',
					url: `${urls.identity}/connect/token`,
					sendBody: true,
					contentType: 'form-urlencoded',
					bodyParameters: {
						parameters: [
							{ name: 'grant_type', value: 'client_credentials' },
							{ name: 'client_id', value: clientId },
							{ name: 'client_secret', value: clientSecret },
							{ name: 'scope', value: 'reportingapiv1' },
						],
					},
					options: {},
				},
			},
			{
				id: 'b0000000-0000-4000-8000-000000000004',
				name: NODE,
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [480, 0],
				parameters: {
					url: `${urls.extraction}/v1/time-registrations`,
					authentication: 'none',
					sendHeaders: true,
					headerParameters: {
						parameters: [
							{ name: 'Authorization', value: "=Bearer {{ $('Token').item.json.access_token }}" },
						],
					},
					options: { pagination: HTTP_REQUEST_PAGINATION },
				},
			},
		],
		connections: {
			Start: { main: [[{ node: 'Token', type: 'main', index: 0 }]] },
			Token: { main: [[{ node: NODE, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
	// The same, then n8n's Split Out node on `data`: one item per record, as the Workforce node's item mode gives.
	const httpSplitOut = {
		...httpRequest,
		id: 'benchWfHttpSplit',
		name: 'Bench: HTTP Request node with pagination, then Split Out',
		nodes: [
			...httpRequest.nodes,
			{
				id: 'b0000000-0000-4000-8000-000000000005',
				name: SPLIT,
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [720, 0],
				parameters: { fieldToSplitOut: 'data', options: {} },
			},
		],
		connections: {
			...httpRequest.connections,
			[NODE]: { main: [[{ node: SPLIT, type: 'main', index: 0 }]] },
		},
	};
	// The same File workflow for each Partition By setting a suite compares.
	const filePartitionedBy = Object.fromEntries(
		(window.partitionsBy ?? []).map((by, index) => [
			`workforceFilePartitioned.${by}`,
			workforceWith(
				`benchWfFilePart${index + 2}`,
				`Bench: Workforce node, partitions by ${by} side by side, to an NDJSON file`,
				{
					...windowed,
					options: { partitionBy: by, parallelRequests: window.parallelRequests },
					output: 'file',
				},
			),
		]),
	);
	const all: Partial<Record<BenchWorkflow, WorkflowFixture['workflow'] & { id: string }>> = {
		...filePartitionedBy,
		workforce,
		workforceFootprint,
		httpRequest,
		httpSplitOut,
		workforceFile,
		workforceFileGzip,
		workforceFileFootprint,
		workforceWindow,
		workforcePartitioned,
		workforceFileWindow,
		workforceFilePartitioned,
	};
	if (pageUrls) all.httpRequestFiles = httpRequestFiles(httpRequest.nodes[1], pageUrls);
	const fixtures = Object.entries(all).flatMap(([name, workflow]) =>
		workflow ? [{ name, id: workflow.id, workflow }] : [],
	);
	await importWorkflows(runtime, instance, fixtures, scratch);
	const workflows = Object.fromEntries(fixtures.map(({ name, id }) => [name, id])) as Record<
		BenchWorkflow,
		string
	>;
	return { runtime, instance, workflows, node: NODE, scratch };
}

/** Start, Token, the page URLs as items, then Loop Over Items (one a round) around an HTTP Request node with Response Format File. */
function httpRequestFiles(
	token: Record<string, unknown> & { type: string; name: string },
	pageUrls: string[],
): WorkflowFixture['workflow'] & { id: string } {
	const node = (
		n: number,
		name: string,
		type: string,
		typeVersion: number,
		parameters: Record<string, unknown>,
	) => ({
		id: `b0000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
		name,
		type,
		typeVersion,
		position: [240 * n, 0],
		parameters,
	});
	return {
		id: 'benchWfHttpFiles',
		name: "Bench: n8n's HTTP Request node, every page to a binary file",
		nodes: [
			node(0, 'Start', 'n8n-nodes-base.manualTrigger', 1, {}),
			Object.assign({}, token, { position: [240, 0] }),
			node(2, 'Pages', 'n8n-nodes-base.set', 3.4, {
				mode: 'raw',
				jsonOutput: JSON.stringify({ url: pageUrls }),
				includeOtherFields: true,
				options: {},
			}),
			node(3, 'Each page', 'n8n-nodes-base.splitOut', 1, {
				fieldToSplitOut: 'url',
				include: 'allOtherFields',
				options: {},
			}),
			node(4, LOOP, 'n8n-nodes-base.splitInBatches', 3, { batchSize: 1, options: {} }),
			node(5, NODE, 'n8n-nodes-base.httpRequest', 4.2, {
				url: '={{ $json.url }}',
				sendHeaders: true,
				headerParameters: {
					parameters: [{ name: 'Authorization', value: '=Bearer {{ $json.access_token }}' }],
				},
				options: { response: { response: { responseFormat: 'file' } } },
			}),
		],
		connections: {
			Start: { main: [[{ node: 'Token', type: 'main', index: 0 }]] },
			Token: { main: [[{ node: 'Pages', type: 'main', index: 0 }]] },
			Pages: { main: [[{ node: 'Each page', type: 'main', index: 0 }]] },
			'Each page': { main: [[{ node: LOOP, type: 'main', index: 0 }]] },
			// Output 0 is "done", output 1 "loop".
			[LOOP]: { main: [[], [{ node: NODE, type: 'main', index: 0 }]] },
			[NODE]: { main: [[{ node: LOOP, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

export function removeN8n(bench: BenchN8n | undefined) {
	if (bench) rmSync(bench.scratch, { recursive: true, force: true });
}
