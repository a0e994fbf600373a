import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { outputOrThrow } from '../../helpers/itemErrors';
import { endOfRun } from '../../helpers/resume';
import { workforceRequest } from '../../../shared/transport';
import { checkExport, reportExport } from './checkExport';
import { readCheckMode } from './completeness';
import { exportFields } from './fields';
import { emptyExportHint, leftOutHint } from './hints';
import { payrollStop, readWindows } from './resume';
import { readExportRequest, windowQuery, type ExportRequest } from './query';

export const getFileOption: INodePropertyOptions = {
	name: 'Get File',
	value: 'getFile',
	action: 'Get payroll file',
	description: "The payroll export as a file in the format set in the company's payroll setup",
};

export const getFileProperties: INodeProperties[] = exportFields('getFile', { file: true });

const EXTENSIONS: Record<string, string> = {
	'text/csv': 'csv',
	'text/plain': 'txt',
	'application/json': 'json',
	'application/xml': 'xml',
	'text/xml': 'xml',
};

/** Downloads the file (window by window for long ranges, bytes concatenated) into a binary field named after the period. */
export async function getFile(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	let empty: ReturnType<typeof readExportRequest> | undefined;
	let filtered: ReturnType<typeof readExportRequest> | undefined;
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const request = readExportRequest.call(this, itemIndex, ['voucherNumber']);
			request.qs.dataExportType = this.getNodeParameter('dataExportType', itemIndex, 6) as number;
			const mode = readCheckMode(this, request, itemIndex);
			const property = (
				this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string
			).trim();
			if (!property)
				throw new NodeOperationError(this.getNode(), 'Put Output File in Field is empty', {
					description: 'Name the binary field the file goes to, e.g. "data".',
					itemIndex,
				});
			// Version 2: checked before the file is fetched, so a stop fetches none (issue 44).
			const checked = await checkExport(this, request, itemIndex, 'lines', mode);
			if (checked?.stop) {
				out.push(checked.stop);
				continue;
			}
			// The windows side by side; their bytes joined in date order (in a resumable run, of the windows before the first that failed).
			const read = async (w: number) =>
				await workforceRequest.call(this, {
					method: 'GET',
					path: '/api/payroll-export/file',
					qs: windowQuery(request, request.windows[w]),
					binary: true,
					what: 'Get payroll export file',
					itemIndex,
				});
			const { results, stop } = await readWindows(this, request, itemIndex, read);
			// The days the file holds: up to the window before the one that failed (none: no file).
			const to = stop ? request.windows[stop.lane.index - 1]?.to : request.to;
			const file = to === undefined ? undefined : await joinedFile(this, request, results, to);
			if (file && checked && !stop)
				Object.assign(file.json, reportExport(this, request, itemIndex, checked, file.size));
			const delivered = file ? { parts: 1, bytes: file.size } : { parts: 0 };
			const made = file
				? [
						{
							json: file.json,
							binary: { [property]: file.binary },
							pairedItem: { item: itemIndex },
						},
					]
				: [];
			out.push(...endOfRun(this, itemIndex, made, delivered, stop, payrollStop(request)));
			if (stop) continue;
			if (file!.size === 0) empty = request;
			else if (request.settings.userPayrollTypeFilter !== 'all-users') filtered = request;
		} catch (error) {
			outputOrThrow(this, error, itemIndex, out);
		}
	}
	if (empty) emptyExportHint.call(this, empty);
	if (filtered) leftOutHint.call(this, filtered);
	return [out];
}

/** The windows' bytes joined into one file named after the work dates it holds. */
async function joinedFile(
	ctx: IExecuteFunctions,
	request: ExportRequest,
	responses: Array<{ body: unknown; headers: unknown }>,
	to: string,
) {
	let mimeType = 'text/plain';
	let serviceName = '';
	const parts: Buffer[] = [];
	for (const response of responses) {
		const body = response.body;
		parts.push(
			Buffer.isBuffer(body)
				? body
				: typeof body === 'string'
					? Buffer.from(body)
					: Buffer.from(body as ArrayBuffer),
		);
		const headers = response.headers as Record<string, string | undefined>;
		mimeType =
			String(headers['content-type'] ?? mimeType)
				.split(';')[0]
				.trim() || mimeType;
		serviceName =
			/filename="?([^";]+)"?/i.exec(String(headers['content-disposition'] ?? ''))?.[1] ??
			serviceName;
	}
	const bytes = Buffer.concat(parts);
	const extension =
		EXTENSIONS[mimeType] ?? /\.([A-Za-z0-9]{1,8})$/.exec(serviceName)?.[1]?.toLowerCase() ?? 'txt';
	const fileName = `payroll-export_${request.from}_${to}.${extension}`;
	const binary = await ctx.helpers.prepareBinaryData(bytes, fileName, mimeType);
	const json = {
		fileName,
		fromWorkDate: request.from,
		toWorkDate: to,
		dataExportType: request.qs.dataExportType,
		windows: responses.length,
		fileSize: bytes.length,
	};
	return { json, binary, size: bytes.length };
}
