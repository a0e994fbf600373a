import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Stop } from '../../helpers/orderedRunner';
import { deliveredWords, type Delivered, type StopFacts } from '../../helpers/resume';
import { extractionFileName } from './output/fileNames';
import { runStretch, type Stretch } from './pageStream';
import { iso, narrowWindow, partitionLabel, queryWindow } from './partitions/plan';
import type { Slice } from './partitions/slices';

/** An extraction run that stops part-way (issue 34): the stretch of the window it read and the rest, named. */

const fieldOf = (key: string) => key[0].toLowerCase() + key.slice(1);

/** A stretch under the node's field names: `toDateTime` inclusive (end - 1 ms), Modified Before exclusive. */
export function stretchJson(qs: IDataObject, { startMs, endMs }: Stretch): IDataObject {
	const { start, end, inclusive } = queryWindow(qs);
	const at = (ms?: number, less = 0) => (ms === undefined ? null : iso(ms - less));
	return { [fieldOf(start)]: at(startMs), [fieldOf(end)]: at(endMs, inclusive) };
}

const FIELD_NAMES: Record<string, string> = {
	fromDateTime: 'From Date Time',
	toDateTime: 'To Date Time',
	modifiedSince: 'Options > Modified Since',
	modifiedBefore: 'Options > Modified Before',
};

/**
 * Where an extraction of `qs` stopped; a stop without a slice (one stream, or not a page) names the
 * whole window. Its File parts are named after the stretch they hold, not the whole window.
 */
export const extractionStop =
	(path: string, qs: IDataObject) =>
	({ lane }: Partial<Stop<Slice>>, output: Delivered, parts: INodeExecutionData[]): StopFacts => {
		const run = runStretch(qs);
		const from = lane?.startMs ?? run.startMs;
		const none = from === run.startMs;
		const resume = stretchJson(qs, { startMs: from, endMs: run.endMs });
		// Unset ends stay unset, so the rerun asks what this one did beyond the start.
		for (const key of Object.keys(resume)) if (resume[key] === null) delete resume[key];
		const stretch = none ? {} : { startMs: run.startMs, endMs: from };
		const delivered = { ...output, ...stretchJson(qs, stretch) };
		if (lane) {
			const whole = extractionFileName(path, qs);
			const held = extractionFileName(path, narrowWindow(qs, run.startMs!, lane.startMs, false));
			for (const binary of parts.flatMap((part) => Object.values(part.binary ?? {})))
				binary.fileName = held + (binary.fileName ?? '').slice(whole.length);
		}
		const keys = Object.keys(resume);
		const rest = keys.length
			? `Read the rest with this node again: set ${keys.map((key) => `${FIELD_NAMES[key]} to {{ $json.details.resume.${key} }}`).join(' and ')} (the error output item carries them).`
			: 'Run the node again to read it.';
		return {
			resume,
			partition: lane ? partitionLabel(lane.partition) : 'the whole window',
			delivered,
			description: none
				? `Nothing was output: no part of the window was complete. ${rest}`
				: `The complete stretch before ${iso(from!)} was output (${deliveredWords(delivered)}); the rest was not. ${rest}`,
		};
	};
