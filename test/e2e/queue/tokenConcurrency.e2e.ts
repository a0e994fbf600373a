import { useE2e } from '../support/e2e';
import { mainServer } from '../support/e2e';
import { asExecution, finishedExecution, startManualRun } from '../support/restRunner';
import { figure, workerLogs } from './queueSupport';

const CONCURRENT = 20;

/**
 * Twenty extraction runs started together right after the service expired every token: each
 * worker's first requests meet a 401 and n8n asks the credential for a new token. All must
 * succeed, both workers must take part, and the token requests this costs stay bounded.
 */
describe('Queue mode: 20 concurrent extraction executions after every token expired', () => {
	const e2e = useE2e();
	afterEach(() => e2e.emulator.clearFaults());

	it(`${CONCURRENT} runs on both workers all succeed; the token requests stay bounded`, async () => {
		const main = await mainServer();
		const workflow = e2e.state.workflows['dataExtractionGetImages'];
		// Warm up: a valid token stored in the credential, as in a running installation.
		await finishedExecution(main, await startManualRun(main, workflow.id, workflow.trigger!));
		await e2e.emulator.post('/expire-tokens', {});
		// A slow token issuer (1.5 s an answer): every execution meets the expired token before any new
		// one is stored, the worst case for a shared credential.
		await e2e.emulator.post('/faults', {
			api: 'identity',
			count: 100,
			action: { kind: 'delay', ms: 1500 },
		});
		await e2e.emulator.mark();

		const started = Date.now();
		const ids = await Promise.all(
			Array.from({ length: CONCURRENT }, () =>
				startManualRun(main, workflow.id, workflow.trigger!),
			),
		);
		const runs = await Promise.all(
			ids.map(async (id) => asExecution(await finishedExecution(main, id), workerLogs())),
		);
		const seconds = ((Date.now() - started) / 1000).toFixed(1);
		await e2e.emulator.clearFaults();

		expect(runs.map((r) => r.status)).toEqual(Array(CONCURRENT).fill('success'));
		const byWorker = countBy(runs.map((r) => r.worker ?? 'none'));
		expect(Object.keys(byWorker).sort()).toEqual(['worker-1', 'worker-2']);
		const tokens = await e2e.emulator.tokenRequests();
		const refused = (await e2e.emulator.apiRequests()).filter((r) => r.status === 401).length;
		figure(
			`${CONCURRENT} concurrent extraction runs after every token expired, token issuer answering in 1.5 s: ${tokens.length} token requests, ${refused} requests answered 401, runs per worker ${JSON.stringify(byWorker)}, ${seconds} s`,
		);
		// One new token per worker process is the floor; bounded means no token request per execution.
		expect(tokens.every((r) => r.status === 200)).toBe(true);
		expect(tokens.length).toBeGreaterThanOrEqual(1);
		expect(tokens.length).toBeLessThanOrEqual(4);
	});
});

function countBy(values: string[]): Record<string, number> {
	const out: Record<string, number> = {};
	for (const v of values) out[v] = (out[v] ?? 0) + 1;
	return out;
}
