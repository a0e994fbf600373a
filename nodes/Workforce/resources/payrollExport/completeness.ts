import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { isVersion2 } from '../../../shared/nodeVersion';
import { plural } from '../../../shared/plural';
import { workforceJson } from '../../../shared/transport';
import { exportGap, type EmployeeGap, type ExportGap, type RowKind } from './exportGap';
import type { PeriodSummary } from './periodSummary';
import { windowQuery, type ExportRequest } from './query';
import { readWindows } from './resume';

/**
 * Issue 44: a payroll export of approved (or locked) data says what of the period it does not hold,
 * per employee, by comparing it with All Data for the same period and filters: one more request
 * per 45-day window, with the integration scope the export already uses.
 */

const ALL_DATA = 10;
const ONLY_LOCKED = 5;

export type CheckMode = 'warn' | 'stop';

/** The check to run for this item, or none: version 1, All Data (nothing left out), Don't Check. */
export function readCheckMode(
	ctx: IExecuteFunctions,
	request: ExportRequest,
	itemIndex: number,
): CheckMode | undefined {
	if (!isVersion2(ctx) || request.settings.dataFilter === ALL_DATA) return undefined;
	const mode = String(ctx.getNodeParameter('hoursNotApproved', itemIndex, 'warn'));
	if (mode === 'skip') return undefined;
	if (mode === 'warn' || mode === 'stop') return mode;
	throw new NodeOperationError(
		ctx.getNode(),
		`Hours Not Yet Approved has an unknown value: "${mode}"`,
		{
			description: "Choose Export and Warn (warn), Stop (stop) or Don't Check (skip).",
			itemIndex,
		},
	);
}

/** Where the rows of each kind are read as JSON; /readonly never locks, whatever the export does. */
const PATHS: Record<RowKind, string> = {
	summaries: '/api/payroll-export/readonly',
	lines: '/api/payroll-export/summary-as-lines',
};

/** Query parameters of the file that the JSON endpoints do not take. */
const FILE_ONLY = ['dataExportType', 'voucherNumber'];

/**
 * The rows of every window of the export under `dataFilter`, windows side by side as the export
 * reads them (Parallel Requests): one request per window.
 */
export async function readRows(
	ctx: IExecuteFunctions,
	request: ExportRequest,
	itemIndex: number,
	kind: RowKind,
	dataFilter: number,
): Promise<IDataObject[]> {
	const read = async (w: number): Promise<IDataObject[]> => {
		const qs: IDataObject = { ...windowQuery(request, request.windows[w]), dataFilter };
		for (const name of FILE_ONLY) delete qs[name];
		const body: unknown = await workforceJson.call(ctx, {
			method: 'GET',
			path: PATHS[kind],
			qs,
			what: 'Check the payroll export against All Data',
			itemIndex,
		});
		if (!Array.isArray(body))
			throw new NodeOperationError(
				ctx.getNode(),
				'The payroll export (All Data, to check what is not approved) answered something other than a list',
				{
					description:
						"The service is expected to answer a JSON array of export rows. Set Hours Not Yet Approved to Don't Check to export without the check.",
					itemIndex,
				},
			);
		return body as IDataObject[];
	};
	// A failure here fails the check (no part of it is complete on its own).
	const { results } = await readWindows(ctx, request, itemIndex, read, false);
	return results.flat();
}

/** What the output says of completeness (`$json.completeness` of a file item or an error item). */
export interface Completeness extends IDataObject {
	/** Whether the export holds every hour All Data holds for the period (null: not checked). */
	complete: boolean | null;
	/** Why hours are left out: `not approved` (Only Approved) or `not locked` (Only Locked). */
	missing: string | null;
	lines: number;
	hours: number;
	employees: EmployeeGap[];
}

/** The gap of the export's rows against All Data (read here: one more request per window). */
export async function completeness(
	ctx: IExecuteFunctions,
	request: ExportRequest,
	itemIndex: number,
	kind: RowKind,
	exported: IDataObject[],
): Promise<Completeness> {
	const all = await readRows(ctx, request, itemIndex, kind, ALL_DATA);
	return asCompleteness(request, exportGap(exported, all, kind));
}

function asCompleteness(request: ExportRequest, gap: ExportGap): Completeness {
	return {
		complete: gap.lines === 0,
		missing: request.settings.dataFilter === ONLY_LOCKED ? 'not locked' : 'not approved',
		...gap,
	};
}

/** Not checked: All Data or Don't Check. */
export function unchecked(request: ExportRequest): Completeness {
	return {
		complete: request.settings.dataFilter === ALL_DATA ? true : null,
		missing: null,
		lines: 0,
		hours: 0,
		employees: [],
	};
}

const NAMED = 10;

const hours = (h: number) => `${h.toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;

/** "Ola Nordmann (1004) 7.5 h in 2 lines; ..." (the first ten, then how many more). */
function employeeWords(employees: EmployeeGap[], noun: string): string {
	const named = employees
		.slice(0, NAMED)
		.map(
			(e) =>
				`${e.userName || e.employeeNumber}${e.employeeNumber && e.userName ? ` (${e.employeeNumber})` : ''} ${hours(e.hours)} in ${plural(e.lines, noun)}`,
		);
	const more = employees.length - NAMED;
	return `${named.join('; ')}${more > 0 ? `; and ${plural(more, 'more employee')}` : ''}`;
}

/** "16 lines (61.5 h) of 5 employees are not approved: ..." */
function gapWords(c: Completeness, noun: string): string {
	return `${plural(c.lines, noun)} (${hours(c.hours)}) of ${plural(c.employees.length, 'employee')} ${c.lines === 1 ? 'is' : 'are'} ${c.missing} and not in it: ${employeeWords(c.employees, noun)}`;
}

/** The warning of an export that leaves hours out (the hint's text; the browser test reads it too). */
export function completenessMessage(
	from: string,
	to: string,
	c: Completeness,
	noun: string,
): string {
	const then =
		c.missing === 'not locked'
			? 'They are exported with Export Filter Only Approved or All Data, or once locked.'
			: 'Those workers would be paid short: have the hours approved and run again, or set Hours Not Yet Approved to Stop.';
	return `The payroll export for ${from} to ${to} is not complete: ${gapWords(c, noun)}. ${then}`;
}

/** The error of a stop: who and how many. */
export function stopMessage(from: string, to: string, c: Completeness, noun: string): string {
	return `The payroll export for ${from} to ${to} stopped: ${gapWords(c, noun)}`;
}

/** The warning of an export that leaves hours out. */
export function completenessHint(
	ctx: IExecuteFunctions,
	request: ExportRequest,
	c: Completeness,
	noun: string,
) {
	if (c.complete !== false) return;
	// A warning (yellow), not an info like the period's: the clerk must not read past it.
	ctx.addExecutionHints({
		message: completenessMessage(request.from, request.to, c, noun),
		type: 'warning',
		location: 'outputPane',
	});
}

/**
 * Stop instead of exporting: an error naming the employees and hours; with continue on fail an
 * error item carrying them under `details` (n8n routes an item whose json holds only `error` and
 * `details` to the error output), so the workflow can wait and try again.
 */
export function stopItem(
	ctx: IExecuteFunctions,
	request: ExportRequest,
	itemIndex: number,
	c: Completeness,
	period: PeriodSummary,
	noun: string,
): INodeExecutionData {
	const error = new NodeOperationError(
		ctx.getNode(),
		stopMessage(request.from, request.to, c, noun),
		{
			description:
				'Hours Not Yet Approved is Stop, so nothing was exported. Have the hours approved (or wait until they are) and run again, or choose Export and Warn. With On Error: Continue (using error output) this goes to the error output, the employees and hours in {{ $json.details.completeness }}.',
			itemIndex,
		},
	);
	if (!ctx.continueOnFail()) throw error;
	return {
		json: { error: error.message, details: { completeness: c, period } },
		pairedItem: { item: itemIndex },
	};
}
