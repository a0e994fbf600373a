import type { Client } from 'pg';

import { mainServer, useE2e } from '../support/e2e';
import { executionsOf, finished } from '../support/executions';
import { waitFor } from '../support/runtime';
import { activate, figure, pollNow, postgres } from './queueSupport';

interface WarehouseRow {
	id: string;
	record: Record<string, unknown> | null;
	deleted: boolean;
}

/**
 * The sandbox demo "Warehouse sync" (sandbox/workflows/warehouse-sync.json): the Workforce
 * Trigger feeds n8n's own Postgres node, which upserts time registrations by id into the table the
 * workflow creates (its node "Create table if missing") and flags deletions. After a backfill and many polls
 * with changes, deletions and faults (500s, dropped connections, expired tokens, a poll that fails
 * outright), the live rows equal what the service holds, record for record.
 */
describe("Queue mode: warehouse sync into a real Postgres with n8n's Postgres node", () => {
	const e2e = useE2e();
	let db: Client;
	beforeAll(async () => {
		db = await postgres('warehouse');
	});
	// Never leave the trigger polling: its requests would show up in the next files' request logs.
	afterAll(async () => {
		await (await mainServer())
			.rest(
				'POST',
				`/rest/workflows/${e2e.state.workflows['sandbox/warehouse-sync'].id}/deactivate`,
				{},
			)
			.catch(() => undefined);
		await e2e.emulator.clearFaults();
		await db?.end();
	});

	const change = (body: Record<string, unknown>) =>
		e2e.emulator.post('/work-data/time-registrations', body) as Promise<{ ids: string[] }>;
	const fault = (action: Record<string, unknown>, count = 1) =>
		e2e.emulator.post('/faults', {
			api: 'extraction',
			path: '/v1/time-registrations',
			count,
			action,
		});

	it('after a backfill and eight polls with changes, deletions and faults the table equals the service, row for row', async () => {
		const main = await mainServer();
		const workflowId = e2e.state.workflows['sandbox/warehouse-sync'].id;
		const started = Date.now();
		await activate(main, workflowId);
		// The activation's poll backfills everything since 2000.
		await waitFor(
			'the backfill execution',
			async () => (await executionsOf(main, workflowId)).some((e) => e.status === 'success'),
			120_000,
		);
		figure(
			`warehouse backfill of ${(await liveRows()).size} time registrations: ${((Date.now() - started) / 1000).toFixed(1)} s`,
		);

		const deleted: string[] = [];
		const faults: Array<Record<string, unknown> | undefined> = [
			undefined,
			{ kind: 'status', status: 500 },
			{ kind: 'drop' },
			{ kind: 'expireTokens' },
			{ kind: 'status', status: 503 },
			{ kind: 'truncate' },
			undefined,
			{ kind: 'drop' },
		];
		for (const [round, action] of faults.entries()) {
			await change({ action: 'add', hours: round + 1, description: `Warehouse round ${round}` });
			await change({
				action: 'change',
				indexes: [300 + round, 400 + round],
				patch: { description: `Warehouse changed ${round}` },
			});
			deleted.push(...(await change({ action: 'delete', indexes: [500 + round] })).ids);
			if (action) await fault(action);
			await pollNow(workflowId);
		}
		// A poll that fails outright (every retry answered 500): nothing is lost, the next poll reads the window again.
		await change({
			action: 'change',
			indexes: [600],
			patch: { description: 'Warehouse after the failed poll' },
		});
		await e2e.emulator.mark();
		await fault({ kind: 'status', status: 500 }, 50);
		await pollNow(workflowId);
		// The trigger tries a page four times (Retries per Page 3) before the poll fails.
		await waitFor(
			'the poll that fails outright',
			async () => (await e2e.emulator.apiRequests()).filter((r) => r.status === 500).length >= 4,
			90_000,
		);
		await e2e.emulator.clearFaults();
		await e2e.emulator.mark();
		// Polls until one has read its window without a fault (n8n skips a poll while the trigger's
		// previous one is still being wound up, so the first one asked for may not run).
		const windowEnds = async () =>
			(await e2e.emulator.apiRequests())
				.flatMap((r) =>
					r.path === '/v1/time-registrations' && r.status === 200
						? (r.query.ModifiedBefore ?? [])
						: [],
				)
				.map(Date.parse);
		await waitFor(
			'a poll without faults',
			async () => {
				await pollNow(workflowId);
				return (await windowEnds()).length > 0;
			},
			180_000,
		);
		await waitFor(
			'every execution of the sync finished',
			async () => (await executionsOf(main, workflowId)).every(finished),
			120_000,
		);

		// What the service holds up to the last poll's window end (the demo data also holds records
		// modified later today, which no incremental sync can have seen yet). Only a poll's first page
		// carries the window; later pages carry the continuation token.
		const expected = await serviceRecords(Math.max(...(await windowEnds())));
		await waitFor(
			'the warehouse to equal the service',
			async () => sameLiveRows(await liveRows(), expected),
			120_000,
		);
		const rows = await liveRows();
		expect([...rows.keys()].sort()).toEqual([...expected.keys()].sort());
		for (const [id, record] of expected) expect(rows.get(id)).toEqual(record);
		const flagged = await db.query<WarehouseRow>(
			'SELECT id, record, deleted FROM workforce_time_registrations WHERE deleted',
		);
		expect(flagged.rows.map((r) => r.id).sort()).toEqual(
			expect.arrayContaining([...deleted].sort()),
		);
		for (const id of flagged.rows.map((r) => r.id)) expect(expected.has(id)).toBe(false);
		const executions = await executionsOf(main, workflowId);
		figure(
			`warehouse sync: ${executions.length} executions (${executions.filter((e) => e.status !== 'success').length} not successful), ${rows.size} live rows and ${flagged.rowCount} flagged deletions equal to the service after ${((Date.now() - started) / 1000).toFixed(1)} s`,
		);
	}, 420_000);

	async function liveRows(): Promise<Map<string, Record<string, unknown>>> {
		const result = await db.query<WarehouseRow>(
			'SELECT id, record, deleted FROM workforce_time_registrations WHERE NOT deleted',
		);
		return new Map(result.rows.map((r) => [r.id, r.record ?? {}]));
	}

	async function serviceRecords(
		modifiedBefore: number,
	): Promise<Map<string, Record<string, unknown>>> {
		const records = await e2e.emulator.timeRegistrationsBefore(modifiedBefore);
		return new Map(records.map((r) => [String(r.id), r]));
	}
});

function sameLiveRows(
	rows: Map<string, Record<string, unknown>>,
	expected: Map<string, Record<string, unknown>>,
): boolean {
	if (rows.size !== expected.size) return false;
	for (const [id, record] of expected)
		if (JSON.stringify(sortKeys(rows.get(id))) !== JSON.stringify(sortKeys(record))) return false;
	return true;
}

function sortKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sortKeys);
	if (value && typeof value === 'object')
		return Object.fromEntries(
			Object.entries(value)
				.sort(([a], [b]) => a.localeCompare(b))
				.map(([k, v]) => [k, sortKeys(v)]),
		);
	return value;
}
