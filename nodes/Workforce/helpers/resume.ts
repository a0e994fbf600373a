import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { httpStatus } from '../../shared/extraction/retryPolicy';
import { isVersion2 } from '../../shared/nodeVersion';
import { plural } from '../../shared/plural';
import { asNodeError } from './itemErrors';

/**
 * A run that fails part-way (issue 34): the complete leading stretch on the main output, and an
 * error item naming the rest under the node's own field names
 * (`{{ $json.details.resume.fromDateTime }}`). Shared by Data Extraction and Payroll Export.
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

/**
 * The error output item, everything but the message under `details`: n8n 2.41.1 routes an item to
 * the error output only when its json holds nothing but `error`, `message` and `details`, or when
 * the item carries `error`, and then replaces the json with `{ error: message }`
 * (normalizeNodeErrors). `failed` gets what the cause says of itself: its own cause's message (a
 * page's error keeps it in `context`), its HTTP status when it has one, and unless `page` is given,
 * the page after those it received.
 */
export function resumeErrorItem(
	ctx: IExecuteFunctions,
	cause: unknown,
	itemIndex: number,
	facts: {
		/** The rest of the window to read again (To Date Time and To Work Date inclusive, as the fields). */
		resume: IDataObject;
		/** `partition`: the partition or payroll export window, as errors name it; `page` counted from the start of `resume` (1: its first page). */
		failed: { partition: string; page?: number };
		delivered: Delivered;
		description: string;
	},
): INodeExecutionData {
	const error = asNodeError(ctx.getNode(), cause, itemIndex);
	const { message, context } = (cause ?? {}) as { message?: string; context?: IDataObject };
	const { partition, page = Number(context?.pagesReceived ?? 0) + 1 } = facts.failed;
	const said = String(context?.causeMessage ?? message ?? cause);
	const code = Number(httpStatus(cause));
	const status = Number.isInteger(code) && code >= 100 && code < 600 ? { status: code } : {};
	const details = { ...facts, failed: { partition, page, cause: said, ...status } };
	return { json: { error: error.message, details }, pairedItem: { item: itemIndex } };
}

/** "12 records in 2 files" / "no records". */
export function deliveredWords({ records = 0, parts }: Delivered, noun = 'record'): string {
	if (records === 0) return `no ${noun}s`;
	const words = plural(records, noun);
	return parts === undefined ? words : `${words} in ${plural(parts, 'file')}`;
}
