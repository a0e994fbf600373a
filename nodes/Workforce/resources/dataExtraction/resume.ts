import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { deliveredWords, resumeErrorItem } from '../../helpers/resume';
import { iso, queryWindow } from './partitions/plan';

/** An extraction run that stops part-way (issue 34): the stretch of the window it read and the error item naming the rest. */

/** [startMs, endMs) of the window; an end is undefined where the run's window has none. */
export interface Stretch {
	startMs?: number;
	endMs?: number;
}

/** The first slice that failed (every slice before it was handed on). */
export interface StreamStop {
	error: unknown;
	startMs: number;
	/** As errors name it. */
	partition: string;
	/** 1: the slice's first page. */
	page: number;
}

/** Where pageStream says a resumable run stopped. */
export class ResumeState {
	stop?: StreamStop;
}

/** The whole window of a run's query (an unpartitioned run's every page lies in it). */
export function runStretch(qs: IDataObject): Stretch {
	const { start, end, inclusive } = queryWindow(qs);
	const ms = (key: string, more = 0) =>
		typeof qs[key] === 'string' ? Date.parse(qs[key] as string) + more : undefined;
	return { startMs: ms(start), endMs: ms(end, inclusive) };
}

const fieldOf = (key: string) => key[0].toLowerCase() + key.slice(1);

/** A stretch under the node's field names: `toDateTime` inclusive (end - 1 ms), Modified Before exclusive. */
export function stretchJson(qs: IDataObject, { startMs, endMs }: Stretch): IDataObject {
	const { start, end, inclusive } = queryWindow(qs);
	const at = (ms?: number, less = 0) => (ms === undefined ? null : iso(ms - less));
	return { [fieldOf(start)]: at(startMs), [fieldOf(end)]: at(endMs, inclusive) };
}

/** A File output that stopped part-way: its parts (none when they hold no record), then the error item. */
export function stoppedFileItems(
	ctx: IExecuteFunctions,
	qs: IDataObject,
	itemIndex: number,
	stop: StreamStop,
	parts: INodeExecutionData[],
): INodeExecutionData[] {
	const records = parts.reduce((sum, part) => sum + (part.json.records as number), 0);
	const delivered = records === 0 ? [] : parts;
	const output = { records, parts: delivered.length };
	return [...delivered, extractionErrorItem(ctx, qs, itemIndex, stop, output)];
}

const FIELD_NAMES: Record<string, string> = {
	fromDateTime: 'From Date Time',
	toDateTime: 'To Date Time',
	modifiedSince: 'Options > Modified Since',
	modifiedBefore: 'Options > Modified Before',
};

/** `stop` is only `{ error }` where the run failed with no slice boundary to stop at. */
export function extractionErrorItem(
	ctx: IExecuteFunctions,
	qs: IDataObject,
	itemIndex: number,
	stop: Partial<StreamStop>,
	output: { records: number; parts?: number },
): INodeExecutionData {
	const run = runStretch(qs);
	const from = stop.startMs ?? run.startMs;
	const none = from === run.startMs;
	const resume = stretchJson(qs, { startMs: from, endMs: run.endMs });
	// Unset ends stay unset, so the rerun asks what this one did beyond the start.
	for (const key of Object.keys(resume)) if (resume[key] === null) delete resume[key];
	const stretch = none ? {} : { startMs: run.startMs, endMs: from };
	const delivered = { ...output, ...stretchJson(qs, stretch) };
	const keys = Object.keys(resume);
	const rest = keys.length
		? `Read the rest with this node again: set ${keys.map((key) => `${FIELD_NAMES[key]} to {{ $json.details.resume.${key} }}`).join(' and ')} (the error output item carries them).`
		: 'Run the node again to read it.';
	return resumeErrorItem(ctx, stop.error, itemIndex, {
		resume,
		failed: { partition: stop.partition ?? 'the whole window', page: stop.page },
		delivered,
		description: none
			? `Nothing was output: no part of the window was complete. ${rest}`
			: `The complete stretch before ${iso(from!)} was output (${deliveredWords(delivered)}); the rest was not. ${rest}`,
	});
}
