import { useE2e, useN8nServer } from './support/e2e';
import {
	executionItems,
	executionsOf,
	finished,
	type ExecutionSummary,
} from './support/executions';
import { waitFor } from './support/runtime';
import { TRIGGER, timeRegistrationTriggerWorkflow } from './support/triggerWorkflow';

/**
 * The polling trigger in an active workflow on a running n8n: the activation's poll, then n8n's own
 * scheduler every minute (its shortest interval), so this file takes up to about a minute and a half.
 */
describe('Workforce Trigger on a running n8n', () => {
	const e2e = useE2e();
	const n8n = useN8nServer();

	const change = (body: Record<string, unknown>) =>
		e2e.emulator.post('/work-data/time-registrations', body) as Promise<{ ids: string[] }>;

	it('two polls with changes between them: each change emitted once, in the poll after it, never again', async () => {
		const { credential } = e2e.state;
		// Start From a date (a backfill from just before the first changes): the activation's own
		// poll emits them. (With Start From Now, n8n keeps no cursor from an activation poll that
		// emitted nothing, so the first scheduled poll is the start: see docs/trigger.md.)
		const startDate = new Date(Date.now() - 1000).toISOString();
		await e2e.emulator.mark();
		const [created] = (await change({ action: 'add', hours: 8, description: 'E2E cable pulling' }))
			.ids;
		const [changed] = (await change({ action: 'change', indexes: [5], patch: { hours: 6.5 } })).ids;
		const [deleted] = (await change({ action: 'delete', indexes: [7] })).ids;

		const workflowId = await n8n.server.createWorkflow(
			timeRegistrationTriggerWorkflow({
				name: 'E2E: Workforce Trigger, time registrations',
				idPrefix: 'c0a80f0e-0000-4000-8000-00000000000',
				credential,
				startDate,
				settings: { saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' },
			}),
		);
		await n8n.server.activateWorkflow(workflowId);

		const first = await nextExecution(workflowId, 0);
		expect(first.status).toBe('success');
		const firstItems = await executionItems(n8n.server, first.id, TRIGGER);
		const byId = Object.fromEntries(firstItems.map((i) => [i.id, i]));
		expect(firstItems).toHaveLength(3);
		expect(byId[created]).toMatchObject({
			event: 'created',
			description: 'E2E cable pulling',
			qty: 8,
		});
		expect(byId[changed]).toMatchObject({ event: 'changed', qty: 6.5 });
		expect(byId[deleted]).toMatchObject({ event: 'deleted', id: deleted });

		// More changes between the first and the second poll (n8n's scheduler, within a minute); the
		// second poll re-reads its overlap (round one included) and must drop what it already emitted.
		const [createdLater] = (
			await change({ action: 'add', hours: 2, description: 'E2E second round' })
		).ids;
		const [changedLater] = (
			await change({ action: 'change', indexes: [9], patch: { description: 'E2E corrected' } })
		).ids;
		const second = await nextExecution(workflowId, 1);
		expect(second.status).toBe('success');
		const secondItems = await executionItems(n8n.server, second.id, TRIGGER);
		expect(secondItems.map((i) => `${String(i.event)} ${String(i.id)}`).sort()).toEqual(
			[`changed ${changedLater}`, `created ${createdLater}`].sort(),
		);

		// What the trigger asked the extraction API: incremental windows only, each overlapping the previous.
		const polls = (await e2e.emulator.apiRequests()).filter(
			(r) => r.path === '/v1/time-registrations',
		);
		expect(polls.length).toBeGreaterThanOrEqual(2);
		expect(
			polls.every(
				(r) =>
					r.status === 200 &&
					r.query.ModifiedSince?.length === 1 &&
					r.query.ModifiedBefore?.length === 1,
			),
		).toBe(true);
		expect(polls.every((r) => r.query.FromDateTime === undefined)).toBe(true);
		expect(Date.parse(polls[0].query.ModifiedSince[0])).toBe(Date.parse(startDate));
		const last = polls.at(-1)!;
		expect(Date.parse(last.query.ModifiedSince[0])).toBeLessThan(
			Date.parse(polls[0].query.ModifiedBefore[0]),
		);

		await n8n.server.deactivateWorkflow(workflowId);
		expect(await executionsOf(n8n.server, workflowId)).toHaveLength(2);
	}, 240_000);

	/** Waits (up to a poll interval and a half) for the workflow's execution number `index` (0-based). */
	async function nextExecution(workflowId: string, index: number): Promise<ExecutionSummary> {
		let found: ExecutionSummary | undefined;
		try {
			await waitFor(
				`execution ${index + 1} of the trigger workflow`,
				async () => {
					const all = await executionsOf(n8n.server, workflowId);
					found = all[index];
					return found !== undefined && finished(found);
				},
				95_000,
			);
		} catch (error) {
			// Say what the trigger asked meanwhile: no poll at all, or polls that saw nothing.
			const asked = (await e2e.emulator.apiRequests()).map(
				(r) => `${r.method} ${r.path}?${r.search ?? ''} ${r.status}`,
			);
			throw new Error(
				`${(error as Error).message}; extraction requests so far:\n${asked.join('\n')}`,
			);
		}
		expect((await executionsOf(n8n.server, workflowId)).length).toBe(index + 1);
		return found!;
	}
});
