import { Client } from 'pg';

import { useE2e, useN8nServer } from './support/e2e';
import { deactivateAndSettle, executionItems, executionsOf, finished } from './support/executions';
import { waitFor } from './support/runtime';

/**
 * The warehouse demo as `npm start` runs it (sandbox/workflows/warehouse-sync.json): the Postgres
 * the sandbox starts (warehouseDatabase.ts: a private cluster of the machine's Postgres), its
 * credential, the workflow activated, and its first poll copying the demo data into a table the
 * workflow creates. The queue-mode suite runs the same demo through many polls and faults
 * (test/e2e/queue/warehouseSync.e2e.ts).
 */
describe("Sandbox warehouse demo: the first poll copies the demo data into the sandbox's Postgres", () => {
	const e2e = useE2e();
	const n8n = useN8nServer();
	const importedId = e2e.state.workflows['sandbox/warehouse-sync'].id;
	/** A fresh copy of the imported demo (below): what this file activates. */
	let workflowId = '';
	let db: Client | undefined;

	beforeAll(async () => {
		const warehouse = e2e.state.warehouse;
		if (!warehouse || !('db' in warehouse))
			throw new Error(
				`The warehouse demo needs a Postgres, as the sandbox does: ${warehouse?.missing ?? 'the global set-up started none'}`,
			);
		const { host, port, database, user, password } = warehouse.db;
		db = new Client({ host, port, database, user, password });
		await db.connect();
		await e2e.emulator.mark();
	});
	afterAll(async () => {
		await db?.end();
	});

	it('activated as the sandbox does, its first run creates the table and fills it with every record up to its window end', async () => {
		// As a fresh sandbox: no table and no cursor. The browser test runs the same demo against
		// the same database, before or after this file (jest orders files by their last durations).
		await db!.query('DROP TABLE IF EXISTS workforce_time_registrations');
		workflowId = await freshCopy();
		const tableBefore = await db!.query(
			"SELECT to_regclass('public.workforce_time_registrations') AS t",
		);
		expect(tableBefore.rows[0].t).toBeNull();

		await n8n.server.activateWorkflow(workflowId);
		try {
			await firstRunCopiesEverything();
		} finally {
			// Inside the test, while this file's n8n runs (its afterAll stops n8n before a hook of
			// ours would run): a workflow left active stays active in n8n's database and polls on
			// in every later file's n8n, into their request logs.
			await deactivateAndSettle(n8n.server, e2e.emulator, workflowId);
		}
	});

	/**
	 * The demo as a new workflow: no static data (no trigger cursor). The browser test activates
	 * the imported one, before or after this file, and n8n keeps a workflow's static data across
	 * activations (a PATCH of staticData does not clear it in 2.41.1).
	 */
	async function freshCopy(): Promise<string> {
		const demo = await n8n.server.rest<Record<string, unknown>>(
			'GET',
			`/rest/workflows/${importedId}`,
		);
		const { nodes, connections, settings } = demo;
		return await n8n.server.createWorkflow({
			name: `${String(demo.name)} (fresh copy)`,
			nodes,
			connections,
			settings,
		});
	}

	async function firstRunCopiesEverything() {
		await waitFor(
			'the first execution of the warehouse sync',
			async () => {
				const [first] = await executionsOf(n8n.server, workflowId);
				return first !== undefined && finished(first);
			},
			180_000,
		);
		const [first] = await executionsOf(n8n.server, workflowId);
		expect(first).toMatchObject({ status: 'success', mode: 'trigger' });

		// The first poll read everything since the trigger's start date, up to its window end.
		const polls = (await e2e.emulator.apiRequests()).filter(
			(r) => r.path === '/v1/time-registrations' && r.query.ModifiedSince,
		);
		expect(polls[0].query.ModifiedSince).toEqual(['2000-01-01T00:00:00.000Z']);
		const windowEnd = Date.parse(polls[0].query.ModifiedBefore![0]);

		const expected = await e2e.emulator.timeRegistrationsBefore(windowEnd);
		expect(expected.length).toBeGreaterThan(100);

		const rows = await db!.query<{
			id: string;
			record: Record<string, unknown>;
			modified_date_time: Date;
			deleted: boolean;
		}>('SELECT id, record, modified_date_time, deleted FROM workforce_time_registrations');
		// Earlier files of the run delete registrations in the same emulator: their tombstones are
		// rows flagged deleted, never a record the service still holds.
		const live = rows.rows.filter((r) => !r.deleted);
		const tombstones = rows.rows.filter((r) => r.deleted);
		const expectedIds = new Set(expected.map((r) => String(r.id)));
		expect(tombstones.filter((r) => expectedIds.has(r.id))).toEqual([]);
		const byId = new Map(live.map((r) => [r.id, r]));
		expect([...byId.keys()].sort()).toEqual([...expectedIds].sort());
		for (const record of expected) {
			const row = byId.get(String(record.id))!;
			expect(row.record).toEqual(record);
			expect(row.modified_date_time.getTime()).toBe(Date.parse(String(record.modifiedDateTime)));
		}
		// One statement for the poll: the upsert outputs one item of counts, never a copy of the changes.
		const changes = await executionItems(n8n.server, first.id, 'Time registrations changed');
		expect(changes).toHaveLength(rows.rows.length);
		expect(await executionItems(n8n.server, first.id, "Upsert the poll's changes")).toEqual([
			{
				changes: rows.rows.length,
				rows_written: rows.rows.length,
				deletions_flagged: tombstones.length,
			},
		]);
	}
});
