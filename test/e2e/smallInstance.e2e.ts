import { BackfillDemo, lastYear } from './support/backfillDemo';
import { useE2e, useN8nServer } from './support/e2e';
import { plainRead, startLargeService } from './support/resumeDemo';

/** n8n Cloud's Pro-1 plan: the smallest instance a stock n8n 2.41.1 starts on (issue 46). */
const INSTANCE_MIB = 640;
/** About 75,000 in the year the demo backfills: far past what one run into items holds at 640 MiB (10,000). */
const RECORDS = 100_000;

/**
 * n8n held to a small instance's memory (support/memoryHold.ts: a memory cgroup where the machine
 * allows it, else Node's heap limit; docs/development.md "A small instance"), running the sandbox
 * demo `warehouse-backfill`: a year, week by week through a sub-workflow, every record once in
 * Postgres, and n8n still up afterwards.
 */
describe(`n8n held to a ${INSTANCE_MIB} MiB instance`, () => {
	const e2e = useE2e();
	const n8n = useN8nServer({ memoryMib: INSTANCE_MIB });
	let stop: () => void = () => undefined;
	let demo: BackfillDemo;

	afterAll(async () => {
		stop();
		await demo?.close();
	});

	it('warehouse-backfill copies a year of time registrations into Postgres, every record once, and n8n stays up', async () => {
		const large = await startLargeService(e2e.state, n8n.server, RECORDS);
		stop = large.stop;
		demo = await BackfillDemo.open(e2e.state, n8n.server, large.credential);
		const range = lastYear();
		const year = await plainRead(large.control, range);
		expect(year.length).toBeGreaterThan(60_000);
		await demo.empty();

		const run = await demo.run(await demo.create(range));
		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		const rows = await demo.rows();
		expect(rows.size).toBe(year.length);
		for (const record of year) expect(rows.get(String(record.id))).toEqual(record);
		expect((await demo.doneWindows()).reduce((sum, w) => sum + w.records, 0)).toBe(year.length);

		// n8n is still the process it was: it answers and runs the next execution.
		await n8n.server.rest('GET', '/rest/login');
		const hold = n8n.server.hold!;
		const peak = hold.peakBytes();
		console.log(
			`warehouse-backfill held to ${INSTANCE_MIB} MiB (${hold.how}): ${year.length} records in ${run.seconds.toFixed(1)} s, peak ${peak === undefined ? 'not measured' : `${(peak / 1024 / 1024).toFixed(0)} MiB of the group`}`,
		);
	}, 1_500_000);
});
