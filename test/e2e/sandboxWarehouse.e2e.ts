import { Client } from 'pg';

import { useE2e, useN8nServer } from './support/e2e';
import { deactivateAndSettle, executionItems, executionsOf } from './support/executions';
import { waitFor } from './support/runtime';

/**
 * The warehouse demo as `npm start` runs it (sandbox/workflows/warehouse-sync.json): the Postgres
 * the sandbox starts (warehouseDatabase.ts: a private cluster of the machine's Postgres), its
 * credential, the workflow activated, and its first polls (each bounded, a minute apart) copying the
 * demo data into a table the workflow creates. The queue-mode suite runs the same demo through many polls and faults
 * (test/e2e/queue/warehouseSync.e2e.ts).
 */
describe("Sandbox warehouse demo: the first polls copy the demo data into the sandbox's Postgres", () => {
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

	it('activated as the sandbox does, its polls create the table and fill it with every record up to the first window end, each change once', async () => {
		// As a fresh sandbox: no table and no cursor. The browser test runs the same demo against
		// the same database, before or after this file (jest orders files by their last durations).
		await db!.query('DROP TABLE IF EXISTS workforce_time_registrations');
		workflowId = await freshCopy();
		const tableBefore = await db!.query(
			"SELECT to_regclass('public.workforce_time_registrations') AS t",
		);
		expect(tableBefore.rows[0].t).toBeNull();

		await n8n.server.activateWorkflow(workflowId);
		let expected: Array<Record<string, unknown>>;
		try {
			expected = await pollsCopyTheAccount();
		} finally {
			// Inside the test, while this file's n8n runs (its afterAll stops n8n before a hook of
			// ours would run): a workflow left active stays active in n8n's database and polls on
			// in every later file's n8n, into their request logs.
			await deactivateAndSettle(n8n.server, e2e.emulator, workflowId);
		}
		await everyRecordOnce(expected);
	}, 900_000);

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

	/**
	 * The first poll reads from the trigger's start date; each poll emits at most the trigger's
	 * bound (2 MB of records, about 1,400 registrations) and the next, a minute later, continues.
	 * Waits until the table holds every record the service had before the first poll's window end;
	 * returns those records.
	 */
	async function pollsCopyTheAccount(): Promise<Array<Record<string, unknown>>> {
		const polls = async () =>
			(await e2e.emulator.apiRequests()).filter(
				(r) => r.path === '/v1/time-registrations' && r.query.ModifiedSince,
			);
		await waitFor(
			'the first poll of the warehouse sync',
			async () => (await polls()).length > 0,
			180_000,
		);
		const [first] = await polls();
		expect(first.query.ModifiedSince).toEqual(['2000-01-01T00:00:00.000Z']);
		const expected = await e2e.emulator.timeRegistrationsBefore(
			Date.parse(first.query.ModifiedBefore![0]),
		);
		expect(expected.length).toBeGreaterThan(100);
		await waitFor(
			'the warehouse sync to copy every record up to its first window end',
			async () => {
				const { rows } = await db!.query<{ id: string }>(
					'SELECT id FROM workforce_time_registrations WHERE NOT deleted',
				);
				const copied = new Set(rows.map((r) => r.id));
				return expected.every((record) => copied.has(String(record.id)));
			},
			600_000,
		);
		return expected;
	}

	async function everyRecordOnce(expected: Array<Record<string, unknown>>) {
		const executions = await executionsOf(n8n.server, workflowId);
		expect(executions.map((e) => [e.status, e.mode])).toEqual(
			executions.map(() => ['success', 'trigger']),
		);
		const rows = await db!.query<{
			id: string;
			record: Record<string, unknown>;
			modified_date_time: Date;
			deleted: boolean;
		}>('SELECT id, record, modified_date_time, deleted FROM workforce_time_registrations');
		// Earlier files of the run delete registrations in the same emulator: their tombstones are
		// rows flagged deleted, never a record the service still holds.
		const live = rows.rows.filter((r) => !r.deleted);
		const expectedIds = new Set(expected.map((r) => String(r.id)));
		expect(rows.rows.filter((r) => r.deleted && expectedIds.has(r.id))).toEqual([]);
		const byId = new Map(live.map((r) => [r.id, r]));
		for (const record of expected) {
			const row = byId.get(String(record.id))!;
			expect(row.record).toEqual(record);
			expect(row.modified_date_time.getTime()).toBe(Date.parse(String(record.modifiedDateTime)));
		}

		// Each change once across the polls, and each poll one statement: one item of counts out.
		const emitted = new Map<string, number>();
		let counted = 0;
		for (const execution of executions) {
			const changes = await executionItems(n8n.server, execution.id, 'Time registrations changed');
			for (const change of changes) {
				const version = `${String(change.id)}@${String(change.event)}@${String(change.modifiedDateTime ?? change.deletedDateTime)}`;
				emitted.set(version, (emitted.get(version) ?? 0) + 1);
			}
			const counts = await executionItems(n8n.server, execution.id, "Upsert the poll's changes");
			expect(counts).toEqual([
				{
					changes: changes.length,
					rows_written: expect.any(Number),
					deletions_flagged: expect.any(Number),
				},
			]);
			counted += Number(counts[0].rows_written);
		}
		expect([...emitted].filter(([, n]) => n !== 1)).toEqual([]);
		for (const record of expected)
			expect(
				['changed', 'created'].some(
					(event) =>
						emitted.get(`${String(record.id)}@${event}@${String(record.modifiedDateTime)}`) === 1,
				),
			).toBe(true);
		// From an empty table, every change wrote its row (none older than what the row held).
		expect(counted).toBe(emitted.size);
		expect(rows.rows).toHaveLength(emitted.size);
	}
});
