import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { workforceRequest } from '../transport';
import { cleanFileName, extensionForMimeType, fileNameFromContentDisposition, mimeTypeFor } from './file-names';

export interface DownloadRequest {
	/** Path below the integration base; path parameters already encoded. */
	path: string;
	qs?: IDataObject;
	what: string;
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
export async function downloadBinary(ctx: IExecuteFunctions, request: DownloadRequest): Promise<Downloaded> {
	const response = await workforceRequest.call(ctx, {
		method: 'GET',
		path: request.path,
		qs: request.qs,
		headers: { Accept: '*/*' },
		stream: true,
		what: request.what,
		itemIndex: request.itemIndex,
	});
	const body = response.body as Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];
	const headers = response.headers ?? {};
	const disposition = typeof headers['content-disposition'] === 'string' ? headers['content-disposition'] : undefined;
	const declaredType = String(headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	let fileName = cleanFileName(fileNameFromContentDisposition(disposition), request.fallbackName);
	// The document endpoint always says octet-stream; a type from the extension is more useful.
	let mimeType = mimeTypeFor(fileName);
	if (mimeType === 'application/octet-stream' && declaredType && declaredType !== 'application/octet-stream') {
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
	return { binary, fileName, mimeType, contentDisposition: disposition };
}
