import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { httpStatus } from '../../shared/extraction/retryPolicy';
import { errorOutputItem } from '../../shared/n8nInternals/errorOutputItem';
import { isVersion2 } from '../../shared/nodeVersion';
import { plural } from '../../shared/plural';
import { asNodeError } from './itemErrors';
import type { Stop } from './orderedRunner';

/**
 * A run that stops part-way (issue 34, the ordered runner's stop rule): the complete leading
 * stretch on the main output, and an error item naming the rest under the node's own field names
 * (`{{ $json.details.resume.fromDateTime }}`). Every such item of Data Extraction and Payroll
 * Export is built here.
 */

/** Version 2, On Error "Continue (using error output)" and no Limit; else the run fails as before. */
export function isResumable(ctx: IExecuteFunctions, limited = false): boolean {
	return !limited && isVersion2(ctx) && ctx.getNode().onError === 'continueErrorOutput';
}

/** What went out: records (rows), files, and their stretch under `resume`'s keys (null: none). */
export interface Delivered extends IDataObject {
	records?: number;
	parts?: number;
}

/** How a resource names where its run stopped: the rest to read (To inclusive, as the fields), the partition or window as errors name it, what went out. */
export type StopFacts = Record<'resume' | 'delivered', IDataObject> &
	Record<'partition' | 'description', string>;

/**
 * One input item's run: what went out (`items`, beside records already output) and, when it
 * stopped, the error item (a File output's parts only when they hold records). `stop.page` counts
 * from the start of `resume`; without it, the page after those the cause received.
 */
export function endOfRun<L>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	items: INodeExecutionData[],
	output: Delivered,
	stop: Partial<Stop<L>> | undefined,
	/** Given in a run that may stop part-way. */
	name?: (stop: Partial<Stop<L>>, output: Delivered, items: INodeExecutionData[]) => StopFacts,
): INodeExecutionData[] {
	if (!stop || !name) return items;
	const { resume, partition, delivered, description } = name(stop, output, items);
	const { message, context } = (stop.error ?? {}) as { message?: string; context?: IDataObject };
	const page = stop.page ?? Number(context?.pagesReceived ?? 0) + 1;
	const cause = String(context?.causeMessage ?? message ?? stop.error);
	const code = Number(httpStatus(stop.error));
	const status = Number.isInteger(code) && code >= 100 && code < 600 ? { status: code } : {};
	const details = { resume, failed: { partition, page, cause, ...status }, delivered, description };
	// A page's own message counts every page the run received: this one counts as `details` does.
	const text =
		typeof context?.pageFailure === 'string'
			? `${String(context.what)} failed: ${partition}: page ${page} ${context.pageFailure} (${deliveredWords(delivered)} delivered before it stopped): ${cause}`
			: asNodeError(ctx.getNode(), stop.error, itemIndex).message;
	return [...(output.records === 0 ? [] : items), errorOutputItem(text, details, itemIndex)];
}

/** "12 records in 2 files" / "no records". */
export function deliveredWords({ records = 0, parts }: Delivered, noun = 'record'): string {
	if (records === 0) return `no ${noun}s`;
	const words = plural(records, noun);
	return parts === undefined ? words : `${words} in ${plural(parts, 'file')}`;
}
