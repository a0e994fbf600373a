import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';

import { httpStatus } from '../../shared/extraction/retryPolicy';
import { isVersion2 } from '../../shared/nodeVersion';
import { asNodeError } from './itemErrors';

/**
 * A run that fails part-way and delivers what is complete (issue 34): the complete leading stretch
 * of the window on the main output, and one item on the error output naming the rest under the
 * node's own parameter names, so the same node reads it with
 * `{{ $json.details.resume.fromDateTime }}`.
 * Shared by Data Extraction (partitions and slices) and Payroll Export (45-day windows).
 */

/**
 * Whether this run may stop part-way: node version 2, On Error "Continue (using error output)"
 * (n8n routes an error-shaped item to the error output) and no Limit. Anything else keeps
 * what the node did before: one error item, or a failed run.
 */
export function isResumable(ctx: IExecuteFunctions, limited = false): boolean {
	return !limited && isVersion2(ctx) && ctx.getNode().onError === 'continueErrorOutput';
}

/** The rest of the window to read again, keyed by the node's own field names. */
export type ResumeWindow =
	/** A full load: From/To Date Time (UTC instants ending in Z; To is inclusive, as the field). */
	| { fromDateTime?: string; toDateTime?: string }
	/** Incremental: Options > Modified Since/Before (Modified Before only when the run had one). */
	| { modifiedSince: string; modifiedBefore?: string }
	/** Payroll Export: From/To Work Date (calendar days, yyyy-MM-dd, both inclusive). */
	| { fromWorkDate: string; toWorkDate: string };

/** What failed for good. */
export interface FailedAt {
	/** The partition or payroll export window, as errors name it: "partition 3 of 8 (… to …)". */
	partition: string;
	/** The page that failed, counted from the start of `resume` (1: its first page). */
	page: number;
	/** The failure's own words. */
	cause: string;
	/** The HTTP status of the last attempt, when the service answered one. */
	status?: number;
}

/**
 * What went out on the main output: how many records (rows), how many files (File output), and
 * the stretch of the window they cover under the same keys as `resume`, null ends when nothing
 * went out.
 */
export interface Delivered extends IDataObject {
	/** Records (rows) output; absent where they are not counted (Payroll Export > Get File). */
	records?: number;
	parts?: number;
}

/** What the error output item says beside the error's message. */
export interface ResumeFacts {
	resume: ResumeWindow;
	failed: FailedAt;
	delivered: Delivered;
}

/**
 * The error output item's json (n8n adds the input item's fields beside these). Everything but
 * the message sits under `details`: n8n 2.41.1 routes an item to the error output only when its
 * json holds nothing but `error`, `message` and `details`, or when the item carries `error`, and
 * then it replaces the whole json with `{ error: message }` (WorkflowExecute.normalizeNodeErrors),
 * which would drop `resume`.
 */
export interface ResumeErrorJson {
	/** The error's message. */
	error: string;
	details: ResumeFacts & {
		/** What went out and how to read the rest (the error's description). */
		description: string;
	};
}

/** The HTTP status an error carries, when it has one. */
export function statusOf(error: unknown): number | undefined {
	const code = Number(httpStatus(error));
	return Number.isInteger(code) && code >= 100 && code < 600 ? code : undefined;
}

/** The error output item of one input item: routed there by n8n for its shape (see ResumeErrorJson). */
export function resumeErrorItem(
	ctx: IExecuteFunctions,
	cause: unknown,
	itemIndex: number,
	facts: ResumeFacts,
	description: string,
): INodeExecutionData {
	const error: NodeApiError | NodeOperationError = asNodeError(ctx.getNode(), cause, itemIndex);
	const json: ResumeErrorJson = { error: error.message, details: { ...facts, description } };
	return { json: json as unknown as IDataObject, pairedItem: { item: itemIndex } };
}

/** "12 records in 2 files" / "no records". */
export function deliveredWords(delivered: Delivered, noun = 'record'): string {
	const count = delivered.records ?? 0;
	if (count === 0 && !delivered.parts) return `no ${noun}s`;
	const records = `${count} ${noun}${count === 1 ? '' : 's'}`;
	if (delivered.parts === undefined) return records;
	return `${records} in ${delivered.parts} file${delivered.parts === 1 ? '' : 's'}`;
}
