import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { executeNode, type ExecuteOptions, type ExecuteResult } from '../harness/execute';
import type { Fixture } from './emulatorFixture';
import { fileBytes, ndjsonRecords, parseCsv } from './fileOutput';
import { iso } from './partitionWindows';

/**
 * Runs of issue 34's rule (a run that fails part-way delivers the complete leading stretch): the
 * node as a user sets it up (version 2, On Error: Continue (using error output), Return All), a
 * fault that fails one slice for good, and the rerun over the error item's `resume`.
 */

export const TIME_REGISTRATIONS = '/v1/time-registrations';

/** Version 2 with On Error: Continue (using error output): a run that may stop part-way. */
export const RESUMABLE = { typeVersion: 2, onError: 'continueErrorOutput' } as const;

/** A run of the node set up as RESUMABLE: its parameters, and what else the run needs. */
export async function resumableRun(
	fx: Fixture,
	parameters: Record<string, unknown>,
	options: Omit<ExecuteOptions, 'credentials' | 'parameters' | 'settings'> = {},
): Promise<ExecuteResult> {
	return await executeNode({
		...options,
		credentials: fx.credentials,
		parameters,
		settings: RESUMABLE,
	});
}

/** The first and last work date of the emulator's time registrations, as From/To Date Time. */
export function dataWindow(fx: Fixture): { fromDateTime: string; toDateTime: string } {
	const data = fx.emulator.ctx.sections.workData.data;
	let first = Infinity;
	let last = -Infinity;
	for (let i = 0; i < data.count; i++) {
		const ms = Date.parse(`${data.timeRegistration(i).workDate as string}T00:00:00Z`);
		first = Math.min(first, ms);
		last = Math.max(last, ms);
	}
	return { fromDateTime: iso(first), toDateTime: iso(last) };
}

/** Get Time Registrations, Return All over the emulator's whole data window, `fields` on top. */
export function wholeWindow(
	fx: Fixture,
	fields: Record<string, unknown> = {},
): Record<string, unknown> {
	return {
		resource: 'dataExtraction',
		operation: 'getTimeRegistrations',
		returnAll: true,
		...dataWindow(fx),
		...fields,
	};
}

/**
 * Every request to `endpoint` from the `skip`-th on (0: the first) fails with HTTP 500 until the
 * faults are cleared: with Parallel Requests 1 the requests go out slice by slice (or window by
 * window) in order, so `skip` picks the slice and page that fail for good.
 */
export function failFrom(
	fx: Fixture,
	skip: number,
	endpoint: { api: 'extraction' | 'integration'; path: string } = {
		api: 'extraction',
		path: 'time-registrations',
	},
): void {
	fx.emulator.ctx.faults.add({
		...endpoint,
		skip,
		count: 1_000_000,
		action: { kind: 'status', status: 500 },
	});
}

/**
 * A run that fails part-way for good: failFrom(skip), then a resumable run, which must end with
 * one error item and no node error. Answers the run (`run`) and its error item's fields.
 */
export async function failPartWay(
	fx: Fixture,
	skip: number,
	parameters: Record<string, unknown>,
	endpoint?: Parameters<typeof failFrom>[2],
) {
	failFrom(fx, skip, endpoint);
	const failed = await resumableRun(fx, parameters);
	expect(failed.error).toBeUndefined();
	expect(failed.errorItems).toHaveLength(1);
	return { run: failed, ...resumeOf(failed.errorItems[0]) };
}

/** How many extraction requests the last run made (since the fixture's mark). */
export function extractionRequests(fx: Fixture): number {
	return fx.apiRequests().filter((r) => r.api === 'extraction').length;
}

/**
 * The rerun a user builds from the error output: the same node, its window fields the error
 * item's `resume` by expression, in a workflow whose time zone is not UTC (the instants end in Z,
 * so version 2 reads them as UTC whatever the zone).
 */
export async function rerunOver(
	fx: Fixture,
	errorItem: INodeExecutionData,
	parameters: Record<string, unknown>,
	incremental = false,
): Promise<ExecuteResult> {
	fx.emulator.ctx.faults.clear();
	const window = incremental
		? {
				options: {
					...(parameters.options as IDataObject),
					modifiedSince: '={{ $json.details.resume.modifiedSince }}',
					modifiedBefore: '={{ $json.details.resume.modifiedBefore }}',
				},
			}
		: {
				fromDateTime: '={{ $json.details.resume.fromDateTime }}',
				toDateTime: '={{ $json.details.resume.toDateTime }}',
			};
	return await resumableRun(
		fx,
		{ ...parameters, ...window },
		{ items: [{ json: errorItem.json }], timezone: 'Pacific/Auckland' },
	);
}

/** Ids of records, in order. */
export const idsOf = (records: IDataObject[]) => records.map((r) => r.id as string);

/** The error item's fields (its message beside the details), typed loosely for assertions. */
export function resumeOf(item: INodeExecutionData) {
	const json = item.json as {
		error: string;
		details: {
			resume: Record<string, string>;
			failed: { partition: string; page: number; cause: string; status?: number };
			delivered: { records: number; parts?: number } & Record<string, string | number | null>;
			description: string;
		};
	};
	// n8n routes it to the error output only while it holds nothing else (see helpers/resume.ts).
	expect(Object.keys(json).sort()).toEqual(['details', 'error']);
	return { error: json.error, ...json.details };
}

/** A File output's format as the node's fields set it. */
export interface FileFormat {
	name: string;
	fields: Record<string, unknown>;
}

export const FILE_FORMATS: FileFormat[] = [
	{ name: 'NDJSON', fields: { fileFormat: 'ndjson' } },
	{ name: 'CSV', fields: { fileFormat: 'csv' } },
	{ name: 'NDJSON, gzip', fields: { fileFormat: 'ndjson', compress: true } },
];

/**
 * The record ids of File output parts, in order, each part read as a whole file on its own: NDJSON
 * ending in a newline (gunzipped first: a gzip file of its own), or CSV starting with the header
 * (the same in every part).
 */
export async function partIds(parts: INodeExecutionData[], format: FileFormat): Promise<string[]> {
	const ids: string[] = [];
	let header: string[] | undefined;
	for (const part of parts) {
		if (format.fields.fileFormat === 'csv') {
			const [head, ...rows] = parseCsv((await fileBytes(part)).toString('utf8'));
			header ??= head;
			expect(head).toEqual(header);
			const id = head.indexOf('id');
			ids.push(...rows.map((row) => row[id]));
		} else ids.push(...idsOf(await ndjsonRecords(part, format.fields.compress === true)));
	}
	return ids;
}

/**
 * The resume pattern run to its end: `run` over the error item of the run before (first over
 * `first`) until a run ends without one, at most 12 runs; `each` checks every run. Answers the
 * items of every run, in order, and how many runs there were.
 */
export async function resumeUntilDone(
	first: INodeExecutionData[],
	run: (input: INodeExecutionData[]) => Promise<ExecuteResult>,
	each: (result: ExecuteResult) => void,
): Promise<{ items: INodeExecutionData[]; runs: number }> {
	const items: INodeExecutionData[] = [];
	let input = first;
	for (let runs = 1; runs <= 12; runs++) {
		const result = await run(input);
		expect(result.error).toBeUndefined();
		items.push(...result.items);
		if (result.errorItems.length === 0) return { items, runs };
		expect(result.items.length).toBeGreaterThan(0);
		each(result);
		input = result.errorItems;
	}
	throw new Error('The resume pattern did not end within 12 runs');
}
