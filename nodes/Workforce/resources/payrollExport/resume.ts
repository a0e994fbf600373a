import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { deliveredWords, resumeErrorItem, type Delivered } from '../../helpers/resume';
import type { ExportRequest } from './query';

/**
 * A Payroll Export whose 45-day window fails for good in a run that delivers what is complete
 * (issue 34): the windows before it went out, and this error item names the rest as From/To Work
 * Date (calendar days, both inclusive), for Period: Date Range.
 */
export function payrollErrorItem(
	ctx: IExecuteFunctions,
	{ from, to, windows }: ExportRequest,
	{ index, error }: { index: number; error: unknown },
	itemIndex: number,
	output: Delivered,
): INodeExecutionData {
	const window = windows[index];
	const partition = `window ${index + 1} of ${windows.length} (${window.from} to ${window.to})`;
	const some = index > 0;
	const delivered: Delivered = {
		...output,
		fromWorkDate: some ? from : null,
		toWorkDate: some ? windows[index - 1].to : null,
	};
	const what =
		output.records === undefined ? 'the file of those days' : deliveredWords(delivered, 'row');
	const rest = `Read the rest with this node again: Period Date Range, From Work Date {{ $json.details.resume.fromWorkDate }} and To Work Date {{ $json.details.resume.toWorkDate }} (the error output item carries them).`;
	return resumeErrorItem(ctx, error, itemIndex, {
		resume: { fromWorkDate: window.from, toWorkDate: to },
		failed: { partition },
		delivered,
		description: some
			? `The work dates before ${window.from} were output (${what}); the rest was not. ${rest}`
			: `Nothing was output: the first window failed. ${rest}`,
	});
}
