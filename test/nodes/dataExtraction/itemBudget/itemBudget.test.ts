import type { INodeExecutionData } from 'n8n-workflow';

import { executeNode, jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import {
	dataWindow,
	idsOf,
	RESUMABLE,
	resumeOf,
	resumeUntilDone,
} from '../../../support/resumeRuns';

const V2 = { typeVersion: 2 } as const;
const WAYS_ON = /Output: File.*Plan Windows.*docs\/bulk-extraction\.md#small-instances/;

/**
 * Issue 46: node version 2's Return All into items stops before the bytes of the records it read
 * pass Options > Item Memory Budget (MB). Partitioned, it stops at a slice boundary by the runner's
 * stop rule: with the error output the complete slices go out and the rest is named, so runs over
 * the error item read every record once; otherwise a NodeOperationError names the budget, the
 * records read and the ways on. Version 1 is unbounded as before.
 */
describe('Data Extraction: the items budget (version 2)', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 1500, pageSize: 100 } });
	const params = (budget: unknown, options: Record<string, unknown> = {}) => ({
		resource: 'dataExtraction',
		operation: 'getTimeRegistrations',
		returnAll: true,
		...dataWindow(fx),
		options: { chunkLimit: 50, itemMemoryBudget: budget, ...options },
	});
	const partitioned = { partitionBy: 'week', parallelRequests: 2 };
	/** MB of the records' JSON: about what the node reads for them (pages as received). */
	const megabytes = (items: INodeExecutionData[]) =>
		items.reduce((sum, item) => sum + JSON.stringify(item.json).length, 0) / 1e6;

	it('with the error output: runs over the error item read every record once, each within the budget', async () => {
		const plain = await executeNode({
			credentials: fx.credentials,
			parameters: params(1000, partitioned),
			settings: RESUMABLE,
		});
		expect(plain.errorItems).toHaveLength(0);
		const all = idsOf(jsonOf(plain));
		expect(all.length).toBe(1500);
		// About a third of the window's records per run.
		const budget = Math.round((megabytes(plain.items) / 3) * 1000) / 1000;
		const window = { from: dataWindow(fx).fromDateTime, to: dataWindow(fx).toDateTime };
		const { items, runs } = await resumeUntilDone(
			[{ json: window }],
			async (input) =>
				await executeNode({
					credentials: fx.credentials,
					parameters: {
						...params(budget, partitioned),
						fromDateTime: '={{ $json.details?.resume?.fromDateTime ?? $json.from }}',
						toDateTime: '={{ $json.details?.resume?.toDateTime ?? $json.to }}',
					},
					items: input.map((item) => ({ json: { ...item.json, ...window } })),
					settings: RESUMABLE,
				}),
			(run) => {
				expect(megabytes(run.items)).toBeLessThanOrEqual(budget);
				const { error, failed, delivered, resume } = resumeOf(run.errorItems[0]);
				expect(error).toMatch(
					new RegExp(
						`^Get Time Registrations stopped at the Item Memory Budget of ${budget} MB: ${run.items.length} records \\(\\d+\\.\\d MB\\) were read into items, and the next \\d+ records \\(\\d+\\.\\d MB\\) would pass it$`,
					),
				);
				expect(failed).toMatchObject({ page: 1, cause: error });
				expect(failed.partition).toMatch(/^partition \d+ of \d+/);
				expect(delivered.records).toBe(run.items.length);
				expect(resume.toDateTime).toBe(dataWindow(fx).toDateTime);
			},
		);
		expect(runs).toBeGreaterThanOrEqual(3);
		expect(idsOf(items.map((item) => item.json))).toEqual(all);
	});

	it('without the error output: a NodeOperationError naming the budget, the records read and the ways on', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: params(0.05, partitioned),
			settings: V2,
		});
		expect(result.error?.message).toMatch(
			/^Get Time Registrations stopped at the Item Memory Budget of 0\.05 MB: \d+ records \(\d\.\d MB\) were read into items/,
		);
		expect(result.error?.description).toMatch(WAYS_ON);
	});

	it('one stream (no slice boundary): the run stops before the page that would pass it; with the error output nothing goes out and the whole window is named', async () => {
		const failed = await executeNode({
			credentials: fx.credentials,
			parameters: params(0.05),
			settings: RESUMABLE,
		});
		expect(failed.items).toHaveLength(0);
		const { error, resume, failed: where } = resumeOf(failed.errorItems[0]);
		expect(error).toMatch(/stopped at the Item Memory Budget of 0\.05 MB/);
		expect(where.partition).toBe('the whole window');
		expect(resume).toEqual(dataWindow(fx));
		const thrown = await executeNode({
			credentials: fx.credentials,
			parameters: params(0.05),
			settings: V2,
		});
		expect(thrown.error?.message).toMatch(/stopped at the Item Memory Budget of 0\.05 MB/);
	});

	it('the default (10 MB) holds the window; version 1 ignores the option as before', async () => {
		const v2 = await executeNode({
			credentials: fx.credentials,
			parameters: { ...params(undefined), options: { chunkLimit: 50 } },
			settings: V2,
		});
		expect(v2.items).toHaveLength(1500);
		const v1 = await executeNode({ credentials: fx.credentials, parameters: params(0.001) });
		expect(v1.error).toBeUndefined();
		expect(v1.items).toHaveLength(1500);
	});

	it.each([0, -1, 'lots', ''])(
		'a budget of %p is refused before any request, naming the field and the fix',
		async (budget) => {
			fx.mark();
			const result = await executeNode({
				credentials: fx.credentials,
				parameters: params(budget),
				settings: V2,
			});
			expect(result.error?.message).toBe(
				`Options > Item Memory Budget (MB) must be a number above 0, not ${String(budget)}`,
			);
			expect(result.error?.description).toMatch(
				/^Set Options > Item Memory Budget \(MB\) to the megabytes/,
			);
			expect(fx.apiRequests().filter((r) => r.api === 'extraction')).toHaveLength(0);
		},
	);
});
