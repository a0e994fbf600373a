import type { IExecuteFunctions } from 'n8n-workflow';

import { pageStream } from '../../../../nodes/Workforce/resources/dataExtraction/pageStream';
import { planPartitions } from '../../../../nodes/Workforce/resources/dataExtraction/partitions/plan';
import { executeStandIn, standInNode } from '../../../harness/standIn';
import { jsonOf } from '../../../harness/execute';
import { useEmulator, type Fixture } from '../../../support/emulatorFixture';
import { iso } from '../../../support/partitionWindows';

const DAY = 86_400_000;
const PATH = '/v1/time-registrations';
const PARALLEL = 8;
/** A page holds more than a week (about 200 records here): every window is one request. */
const QS = { ChunkLimit: 1000 };
/**
 * Requests the node may send beyond the loop's one per week: a slice is one request, so the extra
 * are the slices beyond one a week. Until the service's first refusal reaches the request gate the
 * planner cuts for 8 streams: the probe's day and the 8 slices cut when it finished (a few days
 * each), and at most one more for each of the 2 requests the service serves in that round (their
 * lanes may finish first). Every slice cut after it, for 4 streams or fewer, holds a whole week.
 */
const EXTRA = 1 + PARALLEL + 2;

/**
 * Issue 45 item 5: slices sized to the streams the service allows. Partition By Week, 8 Parallel
 * Requests, a read-ahead budget of 3.5 days of pages per stream at 8 (7 days at 4, 14 at 2).
 */
describe('Data Extraction: slices sized to the streams the service allows', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 6000, employees: 20 } });
	const latency = () => fx.emulator.ctx.latency;
	const faults = () => fx.emulator.ctx.faults;
	afterEach(() => latency().set({ preset: 'off' }));

	it('the service refusing above 2 in flight, 8 asked: at most the loop plus EXTRA requests, every record once, in order', async () => {
		const loop = await read(fx);
		// Every refusal a 503 (in flight + refusing + 1 >= 3): the gate halves 8 to 4 whichever
		// refusal it reads first. The first round after the probe is held at the service until
		// the other 6 were refused, so the refusals never depend on timing.
		latency().set({ maxConcurrent: 2, overloadAt: 3, retryAfterSeconds: 1 });
		latency().resetCounters();
		const notProbe = `^(?!${loop.from}$)`;
		faults().add({
			path: PATH,
			query: { FromDateTime: notProbe },
			count: 2,
			action: { kind: 'hold' },
		});
		const running = read(fx, loop.bytesPerDay);
		await faults().whenHolding(2);
		while (latency().counters().rejected503 < PARALLEL - 2) await new Promise(setImmediate);
		faults().release();
		const node = await running;
		expect(node.ids).toEqual(loop.ids);
		expect(latency().counters().maxInFlight).toBeLessThanOrEqual(2);
		expect(node.refused).toBeGreaterThanOrEqual(PARALLEL - 2);
		expect(node.answered).toBeLessThanOrEqual(loop.answered + EXTRA);
	});

	it('without a limit: nothing refused, the slices cut for 8 streams as before (weeks in two or more)', async () => {
		const loop = await read(fx);
		const node = await read(fx, loop.bytesPerDay);
		expect(node.ids).toEqual(loop.ids);
		expect(node.refused).toBe(0);
		expect(node.answered).toBeGreaterThan(loop.answered + 2 * EXTRA);
	});
});

interface Read {
	/** The window's start (the probe's, partitioned). */
	from: string;
	ids: string[];
	/** Requests answered with a page, and refused (429, 503). */
	answered: number;
	refused: number;
	bytesPerDay: number;
}

/**
 * Inside n8n's engine, over the data's whole span: without `bytesPerDay` the plain loop, one week
 * window after the other (the pages a loop at any concurrency sends); with it, the node's read of
 * the same weeks, 8 Parallel Requests and a budget of 3.5 days of pages per stream.
 */
async function read(fx: Fixture, bytesPerDay?: number): Promise<Read> {
	const data = fx.emulator.ctx.sections.workData.data;
	const days = Array.from({ length: data.count }, (_, i) =>
		Date.parse(`${data.timeRegistration(i).workDate as string}T00:00:00Z`),
	);
	const [first, end] = [Math.min(...days), Math.max(...days) + DAY];
	const qs = { ...QS, FromDateTime: iso(first), ToDateTime: iso(end - 1000) };
	const reader = standInNode('Week reader', 'weekReader', {
		async execute(this: IExecuteFunctions) {
			const ids: string[] = [];
			let bytes = 0;
			const partitioning = { by: 'week' as const, parallel: PARALLEL };
			const runs = bytesPerDay
				? [{ qs, partitioning: { ...partitioning, budgetBytes: bytesPerDay * 3.5 * PARALLEL } }]
				: planPartitions(qs, partitioning, 0).map((week) => ({ qs: week.qs }));
			for (const run of runs)
				for await (const page of pageStream.call(this, {
					path: PATH,
					retry: { attempts: 10 },
					...run,
				})) {
					ids.push(...page.decoded.records.map((r) => r.id as string));
					bytes += page.bytes;
				}
			return [[{ json: { ids, bytesPerDay: (bytes * DAY) / (end - first) } as never }]];
		},
	});
	fx.mark();
	const result = await executeStandIn(fx.credentials, reader);
	expect(result.error).toBeUndefined();
	const sent = fx.apiRequests().filter((r) => r.path === PATH);
	const refused = sent.filter((r) => r.fault?.startsWith('concurrency')).length;
	const { ids, bytesPerDay: perDay } = jsonOf(result)[0] as { ids: string[]; bytesPerDay: number };
	return {
		from: qs.FromDateTime,
		ids,
		answered: sent.length - refused,
		refused,
		bytesPerDay: perDay,
	};
}
