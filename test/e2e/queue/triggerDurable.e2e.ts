import { mainServer, useE2e } from '../support/e2e';
import { executionItems, executionsOf, finished } from '../support/executions';
import { workerOf } from '../support/restRunner';
import { waitFor } from '../support/runtime';
import {
	POLL_ONLY_WHEN_ASKED,
	TRIGGER,
	timeRegistrationTriggerWorkflow,
} from '../support/triggerWorkflow';
import { activate, pollNow, workerLogs } from './queueSupport';

/**
 * The Workforce Trigger active on the main with n8n's durable poll cursors (all four flags set by
 * the stack): the main polls, each poll's items run as an execution on a worker, and over several
 * polls with changes between them every change is emitted exactly once.
 */
describe('Queue mode: Workforce Trigger with durable poll cursors', () => {
	const e2e = useE2e();
	let workflowId = '';
	// Never leave the trigger polling: its requests would show up in the next files' request logs.
	afterAll(async () => {
		if (workflowId)
			await (await mainServer())
				.rest('POST', `/rest/workflows/${workflowId}/deactivate`, {})
				.catch(() => undefined);
	});
	const change = (body: Record<string, unknown>) =>
		e2e.emulator.post('/work-data/time-registrations', body) as Promise<{ ids: string[] }>;

	it('four polls with changes between them: each change emitted exactly once, every poll executed on a worker', async () => {
		const main = await mainServer();
		const { credential } = e2e.state;
		const startDate = new Date(Date.now() - 1000).toISOString();
		const expected: string[][] = [];
		const round = async (n: number) => {
			const [created] = (await change({ action: 'add', hours: n, description: `Queue round ${n}` }))
				.ids;
			const [changed] = (
				await change({
					action: 'change',
					indexes: [100 + n],
					patch: { description: `Queue changed ${n}` },
				})
			).ids;
			const [deleted] = (await change({ action: 'delete', indexes: [200 + n] })).ids;
			expected.push([`created ${created}`, `changed ${changed}`, `deleted ${deleted}`].sort());
		};
		await round(1);
		// Polled only when the case says (a minute schedule overlapping pollNow emitted a round twice once in CI).
		workflowId = await main.createWorkflow(
			timeRegistrationTriggerWorkflow({
				name: 'E2E queue: Workforce Trigger, durable cursors',
				idPrefix: 'c0a80f0e-0000-4000-8000-00000000a00',
				credential,
				startDate,
				pollTimes: POLL_ONLY_WHEN_ASKED,
			}),
		);
		await activate(main, workflowId);

		// Round 1 is emitted by the activation's own poll, each later round by a forced poll; the check is
		// on all executions together: every change of every round emitted, none twice.
		for (let i = 1; i <= 4; i++) {
			if (i > 1) {
				await round(i);
				await pollNow(workflowId);
			}
			const want = expected.flat().sort();
			let got: string[] = [];
			await waitFor(
				`the changes of round ${i} emitted`,
				async () => {
					got = await emittedEvents(workflowId);
					return want.every((e) => got.includes(e));
				},
				90_000,
			);
			expect(got).toEqual(want);
		}
		const executions = await executionsOf(main, workflowId);
		expect(executions.length).toBeGreaterThanOrEqual(4);
		for (const execution of executions) {
			expect(execution.status).toBe('success');
			expect(workerOf(execution.id, workerLogs())).toMatch(/^worker-/);
		}
	}, 240_000);

	/** What the trigger emitted over all finished executions of the workflow, as `<event> <id>`, sorted (duplicates kept). */
	async function emittedEvents(workflowId: string): Promise<string[]> {
		const main = await mainServer();
		const done = (await executionsOf(main, workflowId)).filter(finished);
		const events: string[] = [];
		for (const execution of done)
			for (const item of await executionItems(main, execution.id, TRIGGER))
				events.push(`${String(item.event)} ${String(item.id)}`);
		return events.sort();
	}
});
