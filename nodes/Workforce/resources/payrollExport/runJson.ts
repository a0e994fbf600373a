import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { outputOrThrow } from '../../helpers/itemErrors';
import { readItemBudget } from '../../helpers/itemBudget';
import { endOfRun, isResumable } from '../../helpers/resume';
import { workforceJson } from '../../../shared/transport';
import { checkExport, reportExport } from './checkExport';
import { readCheckMode } from './completeness';
import type { RowKind } from './exportGap';
import { emptyExportHint, leftOutHint } from './hints';
import { payrollStop, readWindows } from './resume';
import { readExportRequest, windowQuery } from './query';

/**
 * A JSON payroll export (summaries or lines) per input item: one request per window of at most
 * 45 days, the windows fetched side by side (Parallel Requests), results merged in date order, one output item per row; an execution hint when empty.
 * In a resumable run (helpers/resume.ts) a window that fails for good leaves the rows of the
 * windows before it and one error output item naming the rest.
 */
export async function runJsonExport(
	this: IExecuteFunctions,
	path: (itemIndex: number) => string,
	what: string,
	kind: RowKind,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	let empty: ReturnType<typeof readExportRequest> | undefined;
	let filtered: ReturnType<typeof readExportRequest> | undefined;
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const request = readExportRequest.call(this, itemIndex);
			const mode = readCheckMode(this, request, itemIndex);
			const read = async (w: number): Promise<IDataObject[]> => {
				const body: unknown = await workforceJson.call(this, {
					method: 'GET',
					path: path(itemIndex),
					qs: windowQuery(request, request.windows[w]),
					what,
					itemIndex,
				});
				if (!Array.isArray(body)) {
					throw new NodeOperationError(
						this.getNode(),
						`${what} answered something other than a list`,
						{
							description: 'The service is expected to answer a JSON array of export rows.',
							itemIndex,
						},
					);
				}
				return body as IDataObject[];
			};
			// The windows side by side, their rows in date order; in a resumable run those before the first that failed.
			// Version 2: the rows' bytes (as JSON) within the items budget, window by window (issue 46).
			const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			const budget = readItemBudget(this, itemIndex, options, what);
			const admit = (rows: IDataObject[]) =>
				budget?.admit(JSON.stringify(rows).length, rows.length);
			const { results, stop } = await readWindows(
				this,
				request,
				itemIndex,
				read,
				isResumable(this),
				admit,
			);
			const exported = results.flat();
			const rows = exported.length;
			if (stop) {
				for (const row of exported) out.push({ json: row, pairedItem: { item: itemIndex } });
				out.push(...endOfRun(this, itemIndex, [], { records: rows }, stop, payrollStop(request)));
				continue;
			}
			// Version 2: the period shown, and what All Data holds beyond it (issue 44); a stop outputs no row.
			const checked = await checkExport(this, request, itemIndex, kind, mode, exported);
			if (checked?.stop) {
				out.push(checked.stop);
				continue;
			}
			for (const row of exported) out.push({ json: row, pairedItem: { item: itemIndex } });
			if (checked) reportExport(this, request, itemIndex, checked);
			if (rows === 0) empty = request;
			else if (request.settings.userPayrollTypeFilter !== 'all-users') filtered = request;
		} catch (error) {
			outputOrThrow(this, error, itemIndex, out);
		}
	}
	if (empty) emptyExportHint.call(this, empty);
	if (filtered) leftOutHint.call(this, filtered);
	return [out];
}
