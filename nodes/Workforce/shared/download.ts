import type { IBinaryData, IDataObject, IExecuteFunctions, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { baseUrl, CREDENTIAL, IGNORE_ALL_BUT_401, transportError } from '../transport';
import { serviceError } from '../transport/errors';
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
	const credentials = await ctx.getCredentials(CREDENTIAL);
	const options: IHttpRequestOptions = {
		method: 'GET',
		baseURL: baseUrl(credentials, 'integration'),
		url: request.path,
		qs: request.qs,
		headers: { Accept: '*/*' },
		encoding: 'stream',
		json: false,
		returnFullResponse: true,
		ignoreHttpStatusErrors: IGNORE_ALL_BUT_401,
	};
	let response: IN8nHttpFullResponse;
	try {
		response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL, options)) as IN8nHttpFullResponse;
	} catch (error) {
		throw transportError(ctx, error, request);
	}
	const body = response.body as Parameters<IExecuteFunctions['helpers']['binaryToBuffer']>[0];
	if (response.statusCode >= 400) {
		const errorBody = await ctx.helpers.binaryToBuffer(body);
		throw serviceError(ctx.getNode(), response.statusCode, errorBody, request);
	}
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
