import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { outputOrThrow } from '../../helpers/itemErrors';
import { workforceJson } from '../../../shared/transport';
import { emptyExportHint, leftOutHint } from './hints';
import { sideBySide } from './sideBySide';
import { readExportRequest, readParallel, windowQuery } from './query';

/**
 * A JSON payroll export (summaries or lines) per input item: one request per window of at most
 * 45 days, the windows fetched side by side (Parallel Requests), results merged in date order, one output item per row; an execution hint when empty.
 */
export async function runJsonExport(
	this: IExecuteFunctions,
	path: (itemIndex: number) => string,
	what: string,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	let empty: ReturnType<typeof readExportRequest> | undefined;
	let filtered: ReturnType<typeof readExportRequest> | undefined;
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const request = readExportRequest.call(this, itemIndex);
			let rows = 0;
			// The windows side by side, their rows in date order.
			const bodies = await sideBySide(request.windows.length, readParallel(this, itemIndex), (w) =>
				workforceJson.call(this, {
					method: 'GET',
					path: path(itemIndex),
					qs: windowQuery(request, request.windows[w]),
					what,
					itemIndex,
				}),
			);
			for (const body of bodies) {
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
				for (const row of body as IDataObject[])
					out.push({ json: row, pairedItem: { item: itemIndex } });
				rows += body.length;
			}
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
