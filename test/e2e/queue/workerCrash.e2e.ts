import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';

import { mainServer, useE2e } from '../support/e2e';
import { asExecution, finishedExecution, startManualRun, workerOf } from '../support/restRunner';
import { waitFor } from '../support/runtime';
import { figure, workerLogs } from './queueSupport';
import { startN8n } from './stack';
import { readStack, STACK_FILE } from './stackFile';

const EXTRACT = 'All Time Registrations';
const NEXT = 'Next Step';

/**
 * A worker killed (SIGKILL, as the OOM killer or a lost machine would) in the middle of a Return
 * All over many pages: the execution ends failed or crashed, the node after the extraction never
 * sees a partial list, and a rerun on the remaining worker yields every record exactly once.
 */
describe('Queue mode: a worker killed in the middle of a Return All', () => {
	const e2e = useE2e();
	afterEach(() => e2e.emulator.clearFaults());

	it('the execution fails, nothing partial reaches the next node, a rerun yields every record once', async () => {
		const main = await mainServer();
		const { credential } = e2e.state;
		const workflowId = await main.createWorkflow({
			name: 'E2E queue: Return All, worker killed',
			nodes: [
				{
					id: randomUUID(),
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: randomUUID(),
					name: EXTRACT,
					type: 'n8n-nodes-workforce.workforce',
					typeVersion: 1,
					position: [200, 0],
					parameters: {
						resource: 'dataExtraction',
						operation: 'getTimeRegistrations',
						returnAll: true,
						options: { chunkLimit: 100 },
					},
					credentials: { workforceApi: { id: credential.id, name: credential.name } },
				},
				{
					id: randomUUID(),
					name: NEXT,
					type: 'n8n-nodes-base.noOp',
					typeVersion: 1,
					position: [400, 0],
					parameters: {},
				},
			],
			connections: {
				Start: { main: [[{ node: EXTRACT, type: 'main', index: 0 }]] },
				[EXTRACT]: { main: [[{ node: NEXT, type: 'main', index: 0 }]] },
			},
			settings: {},
		});

		// Every page answers after 800 ms: the run takes about 25 s, long enough to kill it mid-way.
		await e2e.emulator.post('/faults', {
			api: 'extraction',
			path: '/v1/time-registrations',
			count: 1000,
			action: { kind: 'delay', ms: 800 },
		});
		await e2e.emulator.mark();
		const executionId = await startManualRun(main, workflowId, 'Start');
		let victim: string | undefined;
		await waitFor(
			'the worker to be three pages into the run',
			async () => {
				victim = workerOf(executionId, workerLogs());
				const pages = (await e2e.emulator.apiRequests()).filter(
					(r) => r.path === '/v1/time-registrations',
				);
				return victim !== undefined && pages.length >= 3;
			},
			60_000,
		);
		const stack = readStack();
		const worker = stack.workers.find((w) => w.name === victim)!;
		process.kill(-worker.pid, 'SIGKILL');
		const killedAt = Date.now();

		const crashed = asExecution(await finishedExecution(main, executionId, 150_000), workerLogs());
		figure(
			`worker ${victim} SIGKILLed mid Return All: execution ${executionId} ended "${crashed.status}" ${((Date.now() - killedAt) / 1000).toFixed(1)} s later`,
		);
		expect(['crashed', 'error']).toContain(crashed.status);
		expect(crashed.runData[NEXT]).toBeUndefined();
		expect(crashed.runData[EXTRACT]?.[0]?.data?.main?.[0] ?? []).toEqual([]);

		// A replacement worker (as an orchestrator would start one), then the rerun.
		await e2e.emulator.clearFaults();
		const replacement = await startN8n(
			stack.runtime,
			worker.name,
			['worker', '--concurrency=10'],
			worker.env!,
			worker.instance.port,
		);
		writeFileSync(
			STACK_FILE,
			JSON.stringify(
				{
					...stack,
					workers: stack.workers.map((w) =>
						w.name === worker.name ? { ...w, pid: replacement.pid } : w,
					),
				},
				null,
				2,
			),
		);

		const rerun = asExecution(
			await finishedExecution(main, await startManualRun(main, workflowId, 'Start')),
			workerLogs(),
		);
		expect(rerun.status).toBe('success');
		const page = (await e2e.emulator.extractionGet('/v1/time-registrations?ChunkLimit=10000')) as
			| { data?: Array<{ id: string }> }
			| Array<{ id: string }>;
		const expected = (Array.isArray(page) ? page : (page.data ?? []))
			.map((r) => String(r.id))
			.sort();
		const received = rerun.json(NEXT).map((r) => String(r.id));
		expect(new Set(received).size).toBe(received.length);
		expect(received.sort()).toEqual(expected);
	}, 300_000);
});
