import { executeNode, jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import { faultsOn } from '../../../support/pageFaults';
import {
	dataWindow,
	idsOf,
	rerunOver,
	resumableRun,
	resumeOf,
	wholeWindow,
} from '../../../support/resumeRuns';

/**
 * Issue 34 in item mode (one item per record), with slices read side by side: a slice fails for
 * good while a slice before it is still being read. That one is read to its end and goes out with
 * the others before the failed one; the slices after it stop; the rerun over `resume` reads the
 * rest once.
 */
describe('Data Extraction: items from a partitioned run that fails part-way', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000, pageSize: 100 } });
	const params = (): Record<string, unknown> =>
		wholeWindow(fx, {
			options: { partitionBy: 'day', parallelRequests: 4, chunkLimit: 40, retries: 0 },
		});

	it('the records of the complete slices go out, the rest is named, and the rerun reads it once', async () => {
		const plain = await resumableRun(fx, params());
		expect(plain.errorItems).toHaveLength(0);
		const all = idsOf(jsonOf(plain));
		// Slices handed on whole give what a run handing pages on as they come gives (version 1).
		const streamed = await executeNode({ credentials: fx.credentials, parameters: params() });
		expect(all).toEqual(idsOf(jsonOf(streamed)));

		// Day partitions are never cut, so each day is one slice. The fourth day fails for good
		// while the second is still being read (held at the door): the second is read to its end
		// and goes out with the first and the third.
		const day = (n: number) =>
			new Date(Date.parse(dataWindow(fx).fromDateTime) + n * 86_400_000)
				.toISOString()
				.replace('.000Z', 'Z');
		const faults = fx.emulator.ctx.faults;
		faults.add({
			api: 'extraction',
			query: { FromDateTime: day(1) },
			action: { kind: 'hold' },
		});
		const failing = faults.add({
			api: 'extraction',
			query: { FromDateTime: day(3) },
			count: 'unlimited',
			action: { kind: 'status', status: 500 },
		});
		fx.mark();
		const running = resumableRun(fx, params());
		await faults.whenHolding(1);
		while (!faults.list().some((rule) => rule.id === failing && rule.hits > 0))
			await new Promise((resolve) => setImmediate(resolve));
		faults.release();
		const failed = await running;
		expect(failed.error).toBeUndefined();
		expect(failed.errorItems).toHaveLength(1);
		const { resume, failed: where, delivered } = resumeOf(failed.errorItems[0]);
		expect(where).toMatchObject({
			partition: expect.stringMatching(/^partition 4 of /),
			page: 1,
			status: 500,
		});
		expect(resume.fromDateTime).toBe(day(3));
		const ids = idsOf(jsonOf(failed));
		expect(ids.length).toBeGreaterThan(0);
		expect(ids).toEqual(all.slice(0, ids.length));
		expect(delivered).toEqual({
			records: ids.length,
			fromDateTime: dataWindow(fx).fromDateTime,
			toDateTime: new Date(Date.parse(resume.fromDateTime) - 1).toISOString(),
		});
		for (const item of failed.items) expect(item.pairedItem).toEqual({ item: 0 });

		const rerun = await rerunOver(fx, failed.errorItems[0], params());
		expect(rerun.errorItems).toHaveLength(0);
		expect([...ids, ...idsOf(jsonOf(rerun))]).toEqual(all);
	});

	it('two input items: each its own stretch and error item, paired with its input', async () => {
		faultsOn(fx)({ skip: 5, count: 1, action: { kind: 'status', status: 500 } });
		const result = await resumableRun(fx, params(), {
			items: [{ json: { run: 'a' } }, { json: { run: 'b' } }],
		});
		expect(result.errorItems).toHaveLength(1);
		expect(result.errorItems[0].pairedItem).toEqual({ item: 0 });
		const first = result.items.filter((i) => (i.pairedItem as { item: number }).item === 0);
		const second = result.items.filter((i) => (i.pairedItem as { item: number }).item === 1);
		expect(resumeOf(result.errorItems[0]).delivered.records).toBe(first.length);
		expect(second.length).toBeGreaterThan(first.length);
	});
});
