/*
 * The `n8n` bench suite's set-up: this package built, packed and installed into a throwaway n8n
 * user folder the way Settings > Community Nodes does, a credential for the bench emulator and
 * two workflows doing the same Return All (this package's node; n8n's HTTP Request node with its
 * pagination option). Scenario processes run them with `n8n execute` (bench/scenarios/n8n-execute).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Emulator } from '../test/emulator';
import { DEMO } from '../test/emulator';
import { installCommunityPackage, packPackage } from '../test/e2e/support/community-package';
import { importCredentials, importWorkflows } from '../test/e2e/support/n8n-cli';
import type { N8nInstance } from '../test/e2e/support/n8n-env';
import { freePort, n8nRuntime, REPO_ROOT, type N8nRuntime } from '../test/e2e/support/runtime';
import { HTTP_REQUEST_PAGINATION } from './http-request-pagination';

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

/** The workflows every `n8n` suite can run (BENCH_N8N_WORKFLOW). */
export type BenchWorkflow = 'workforce' | 'httpRequest' | 'httpSplitOut' | 'workforceFile' | 'workforceFileGzip' | 'workforceFileFootprint';
/** Split Out after the HTTP Request node (the httpSplitOut workflow). */
export const SPLIT = 'Split Out';
const CREDENTIAL = { id: 'benchWorkforce01', name: 'Workforce (bench emulator)' };

export async function prepareN8n(emulator: Emulator): Promise<BenchN8n> {
	const scratch = mkdtempSync(join(tmpdir(), 'n8n-nodes-workforce-bench-'));
	execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
	const tarball = packPackage(scratch);
	const userFolder = join(scratch, 'n8n');
	installCommunityPackage(tarball, userFolder);
	const runtime = n8nRuntime();
	const instance = { userFolder, port: await freePort(), brokerPort: await freePort() };
	const { urls } = emulator;
	const { clientId, clientSecret } = DEMO.clients.admin;
	await importCredentials(runtime, instance, [{ ...CREDENTIAL, type: 'workforceApi', data: { clientId, clientSecret, scopes: 'svcapiv3 reportingapiv1', integrationBaseUrl: urls.integration, extractionBaseUrl: urls.extraction, identityBaseUrl: urls.identity } }], scratch);

	const start = { id: 'b0000000-0000-4000-8000-000000000001', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
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
				parameters: { resource: 'dataExtraction', operation: 'getTimeRegistrations', returnAll: true, options: {}, ...parameters },
				credentials: { workforceApi: CREDENTIAL },
			},
		],
		connections: { Start: { main: [[{ node: NODE, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	});
	const workforce = workforceWith('benchWfWorkforce', 'Bench: Workforce node, Return All', {});
	const workforceFile = workforceWith('benchWfWfFile001', 'Bench: Workforce node, Return All to an NDJSON file', { output: 'file' });
	const workforceFileGzip = workforceWith('benchWfWfFileGz1', 'Bench: Workforce node, Return All to a gzipped NDJSON file', { output: 'file', compress: true });
	// n8n's own footprint for a File run: the same workflow reading one record.
	const workforceFileFootprint = workforceWith('benchWfWfFile1Rc', 'Bench: Workforce node, one record to a file', { output: 'file', returnAll: false, limit: 1 });
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
					bodyParameters: { parameters: [{ name: 'grant_type', value: 'client_credentials' }, { name: 'client_id', value: clientId }, { name: 'client_secret', value: clientSecret }, { name: 'scope', value: 'reportingapiv1' }] },
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
					headerParameters: { parameters: [{ name: 'Authorization', value: "=Bearer {{ $('Token').item.json.access_token }}" }] },
					options: { pagination: HTTP_REQUEST_PAGINATION },
				},
			},
		],
		connections: { Start: { main: [[{ node: 'Token', type: 'main', index: 0 }]] }, Token: { main: [[{ node: NODE, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
	// The same, then n8n's Split Out node on `data`: one item per record, as the Workforce node's item mode gives.
	const httpSplitOut = {
		...httpRequest,
		id: 'benchWfHttpSplit',
		name: 'Bench: HTTP Request node with pagination, then Split Out',
		nodes: [...httpRequest.nodes, { id: 'b0000000-0000-4000-8000-000000000005', name: SPLIT, type: 'n8n-nodes-base.splitOut', typeVersion: 1, position: [720, 0], parameters: { fieldToSplitOut: 'data', options: {} } }],
		connections: { ...httpRequest.connections, [NODE]: { main: [[{ node: SPLIT, type: 'main', index: 0 }]] } },
	};
	const all = { workforce, httpRequest, httpSplitOut, workforceFile, workforceFileGzip, workforceFileFootprint };
	await importWorkflows(runtime, instance, Object.entries(all).map(([name, workflow]) => ({ name, id: workflow.id, workflow })), scratch);
	const workflows = Object.fromEntries(Object.entries(all).map(([name, workflow]) => [name, workflow.id])) as Record<BenchWorkflow, string>;
	return { runtime, instance, workflows, node: NODE, scratch };
}

export function removeN8n(bench: BenchN8n | undefined) {
	if (bench) rmSync(bench.scratch, { recursive: true, force: true });
}
