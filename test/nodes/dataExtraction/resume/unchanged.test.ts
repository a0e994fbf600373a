import type { INode } from 'n8n-workflow';

import { executeNode, jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import { dataWindow, failFrom, wholeWindow } from '../../../support/resumeRuns';

/**
 * Issue 34's rule applies only to node version 2 with On Error: Continue (using error output) and
 * Return All. Every other run that fails part-way keeps what the node did before: one error item
 * (Continue), or a failed run (Stop Workflow), and never any of the records read before it.
 */
describe('Data Extraction: runs that fail part-way outside the resumable rule', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 1500, pageSize: 100 } });
	const params = (extra: Record<string, unknown> = {}): Record<string, unknown> =>
		wholeWindow(fx, {
			output: 'file',
			splitParts: 'records',
			partRecords: 100,
			options: { partitionBy: 'week', parallelRequests: 1, chunkLimit: 50, retries: 0 },
			...extra,
		});
	const run = async (settings: Partial<INode>, extra: Record<string, unknown> = {}) => {
		failFrom(fx, 12);
		return await executeNode({ credentials: fx.credentials, parameters: params(extra), settings });
	};
	const oneErrorItem = (items: Array<{ json: object }>) => {
		expect(items).toHaveLength(1);
		expect(Object.keys(items[0].json)).toEqual(['error']);
		expect(String((items[0].json as { error: string }).error)).toMatch(
			/^Get Time Registrations failed: partition \d+ of \d+/,
		);
	};

	it('version 1, Continue (using error output): one error item, nothing on the main output', async () => {
		const result = await run({ typeVersion: 1, onError: 'continueErrorOutput' });
		expect(result.items).toHaveLength(0);
		oneErrorItem(result.errorItems);
	});

	it('version 2, Continue (regular output): one error item, nothing else', async () => {
		const result = await run({ typeVersion: 2, onError: 'continueRegularOutput' });
		oneErrorItem(result.items);
		expect(result.items[0].binary).toBeUndefined();
	});

	it('version 2, Stop Workflow: the run fails and outputs nothing', async () => {
		const result = await run({ typeVersion: 2 });
		expect(result.error?.message).toMatch(/^Get Time Registrations failed: partition/);
		expect(result.items).toHaveLength(0);
	});

	it('version 2 with a Limit, Continue (using error output): one error item, nothing on the main output', async () => {
		const result = await run(
			{ typeVersion: 2, onError: 'continueErrorOutput' },
			{ returnAll: false, limit: 1400 },
		);
		expect(result.items).toHaveLength(0);
		oneErrorItem(result.errorItems);
	});

	it('version 1 part items say no stretch; version 2 part items do, in a run that succeeds', async () => {
		const v1 = await executeNode({ credentials: fx.credentials, parameters: params() });
		expect(jsonOf(v1).every((part) => part.stretch === undefined)).toBe(true);
		const v2 = await executeNode({
			credentials: fx.credentials,
			parameters: params(),
			settings: { typeVersion: 2 },
		});
		const stretches = jsonOf(v2).map((part) => part.stretch as Record<string, string>);
		expect(stretches.length).toBeGreaterThan(2);
		expect(stretches[0].fromDateTime).toBe(dataWindow(fx).fromDateTime);
		expect(stretches.at(-1)!.toDateTime).toBe(dataWindow(fx).toDateTime);
		// Chained: a part starts in the slice where the one before it ended, or the next one.
		for (let i = 1; i < stretches.length; i++)
			expect(Date.parse(stretches[i].fromDateTime)).toBeLessThanOrEqual(
				Date.parse(stretches[i - 1].toDateTime) + 1,
			);
	});
});
