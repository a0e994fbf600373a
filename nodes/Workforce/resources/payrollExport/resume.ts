import type { IExecuteFunctions } from 'n8n-workflow';

import { orderedRun, StopRule, type Stop } from '../../helpers/orderedRunner';
import { deliveredWords, isResumable, type Delivered, type StopFacts } from '../../helpers/resume';
import { readParallel, type ExportRequest } from './query';

/**
 * A Payroll Export's windows of at most 45 days through the ordered runner, side by side (Parallel
 * Requests), in date order. A window that fails for good stops the run by the runner's rule; the
 * rest is named as From/To Work Date (both inclusive), for Period: Date Range.
 */

type Window = { index: number };

export async function readWindows<T>(
	ctx: IExecuteFunctions,
	{ windows }: ExportRequest,
	itemIndex: number,
	read: (index: number) => Promise<T>,
	resumable = isResumable(ctx),
	/** Issue 46: a window goes out only if its answer fits the items budget. */
	admit?: (answer: T) => unknown,
): Promise<{ results: T[]; stop?: Stop<Window> }> {
	const rule = new StopRule<Window>(resumable);
	let next = 0;
	const results: T[] = [];
	for await (const { value } of orderedRun<Window, T>({
		parallel: readParallel(ctx, itemIndex),
		rule,
		next: () => (next < windows.length ? { index: next++ } : undefined),
		admit: admit && (([answer]) => admit(answer)),
		open: async function* ({ index }) {
			yield await read(index);
		},
	}))
		results.push(value);
	return { results, stop: rule.stop };
}

/** Where a Payroll Export stopped: the window that failed and the work dates before it. */
export const payrollStop =
	({ from, to, windows }: ExportRequest) =>
	({ lane }: Partial<Stop<Window>>, output: Delivered): StopFacts => {
		const index = lane!.index;
		const window = windows[index];
		const some = index > 0;
		const delivered: Delivered = {
			...output,
			fromWorkDate: some ? from : null,
			toWorkDate: some ? windows[index - 1].to : null,
		};
		const what =
			output.records === undefined ? 'the file of those days' : deliveredWords(delivered, 'row');
		const rest = `Read the rest with this node again: Period Date Range, From Work Date {{ $json.details.resume.fromWorkDate }} and To Work Date {{ $json.details.resume.toWorkDate }} (the error output item carries them).`;
		return {
			resume: { fromWorkDate: window.from, toWorkDate: to },
			partition: `window ${index + 1} of ${windows.length} (${window.from} to ${window.to})`,
			delivered,
			description: some
				? `The work dates before ${window.from} were output (${what}); the rest was not. ${rest}`
				: `Nothing was output: the first window failed. ${rest}`,
		};
	};
