import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { storedByteCount } from '../../shared/n8nInternals/storedBytes';
import { workforceRequest } from '../../shared/transport';
import type { NotFound } from '../../shared/transport/errors';
import {
	cleanFileName,
	extensionForMimeType,
	fileNameFromContentDisposition,
	mimeTypeFor,
} from './fileNames';
import { outputOrThrow } from './itemErrors';

export interface DownloadRequest {
	/** Path below the integration base; path parameters already encoded. */
	path: string;
	qs?: IDataObject;
	what: string;
	/** What a 404 means here and how to fix it. */
	notFound?: NotFound;
	itemIndex: number;
	/** Name used when the answer carries none (an id, say). */
	fallbackName: string;
}

export interface Downloaded {
	binary: IBinaryData;
	fileName: string;
	mimeType: string;
	/** The header as received, for the output item. */
	contentDisposition?: string;
}

/**
 * GETs bytes from the integration API and hands the response stream straight to n8n's binary
 * store (with filesystem binary mode the bytes go to disk without being held in memory). A GET
 * has no body, so n8n core's own refresh-and-retry on 401 applies.
 */
export async function downloadBinary(
	ctx: IExecuteFunctions,
	request: DownloadRequest,
): Promise<Downloaded> {
	const response = await workforceRequest.call(ctx, {
		method: 'GET',
		path: request.path,
		qs: request.qs,
		headers: { Accept: '*/*' },
		stream: true,
		what: request.what,
		notFound: request.notFound,
		itemIndex: request.itemIndex,
	});
	const body = response.body as Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];
	const headers = response.headers ?? {};
	const disposition =
		typeof headers['content-disposition'] === 'string' ? headers['content-disposition'] : undefined;
	const declaredType = String(headers['content-type'] ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	let fileName = cleanFileName(fileNameFromContentDisposition(disposition), request.fallbackName);
	// The document endpoint always says octet-stream; a type from the extension is more useful.
	let mimeType = mimeTypeFor(fileName);
	if (
		mimeType === 'application/octet-stream' &&
		declaredType &&
		declaredType !== 'application/octet-stream'
	) {
		mimeType = declaredType;
		if (!/\.[a-z0-9]+$/i.test(fileName)) {
			const ext = extensionForMimeType(declaredType);
			if (ext) fileName = `${fileName}.${ext}`;
		}
	}
	const binary = await ctx.helpers.prepareBinaryData(body, fileName, mimeType);
	// prepareBinaryData derives these from a path; set them from the cleaned name itself.
	binary.fileName = fileName;
	binary.mimeType = mimeType;
	binary.bytes = await storedByteCount(ctx, binary);
	return { binary, fileName, mimeType, contentDisposition: disposition };
}

/**
 * The Download operations: per input item one file, its bytes in the item's "Put Output File in
 * Field" property and `json` (what was asked for) beside the file's name, type and size.
 */
export async function downloadEachItem(
	ctx: IExecuteFunctions,
	plan: (itemIndex: number) => Promise<{ request: DownloadRequest; json: IDataObject }>,
): Promise<INodeExecutionData[][]> {
	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < ctx.getInputData().length; itemIndex++) {
		try {
			const { request, json } = await plan(itemIndex);
			const property =
				String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim() || 'data';
			const file = await downloadBinary(ctx, request);
			out.push({
				json: {
					...json,
					fileName: file.fileName,
					mimeType: file.mimeType,
					fileSize: file.binary.bytes ?? null,
				},
				binary: { [property]: file.binary },
				pairedItem: { item: itemIndex },
			});
		} catch (error) {
			outputOrThrow(ctx, error, itemIndex, out);
		}
	}
	return [out];
}
