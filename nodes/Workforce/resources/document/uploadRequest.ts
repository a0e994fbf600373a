import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import { baseUrl, CREDENTIAL, rejectErrorAnswer, transportError } from '../../../shared/transport';
import { assertNoDotSegments } from '../../../shared/transport/pathSegment';
import { buildMultipart, type UploadFile } from '../../../shared/n8nInternals/multipartBody';
import { sendRenewingOnce } from '../../../shared/n8nInternals/tokenRenewal';
import type { NotFound } from '../../../shared/transport/errors';

export interface UploadRequest {
	path: string;
	qs: IDataObject;
	files: UploadFile[];
	itemIndex: number;
	/** What a 404 (of the parent) means and how to fix it. */
	notFound?: NotFound;
}

const WHAT = 'Uploading documents';

/**
 * POSTs the files as one multipart request. n8n does not resend a streamed body after a 401, so
 * every status comes back and a 401 is uploaded exactly once more with a new token and a freshly
 * built body (n8nInternals/tokenRenewal.ts).
 */
export async function sendUpload(ctx: IExecuteFunctions, request: UploadRequest): Promise<unknown> {
	assertNoDotSegments(ctx, request.path, request.itemIndex);
	const credentials = await ctx.getCredentials(CREDENTIAL);
	const base = baseUrl(credentials, 'integration');
	let response: IN8nHttpFullResponse;
	try {
		response = await sendRenewingOnce(ctx, CREDENTIAL, () => uploadOptions(base, request));
	} catch (error) {
		throw transportError(ctx, error, { what: WHAT, itemIndex: request.itemIndex });
	}
	await rejectErrorAnswer(ctx, response, {
		what: WHAT,
		itemIndex: request.itemIndex,
		notFound: request.notFound,
	});
	return response.body;
}

/** The upload request with a freshly built body. */
function uploadOptions(base: string, request: UploadRequest): IHttpRequestOptions {
	const body = buildMultipart(request.files);
	return {
		method: 'POST',
		baseURL: base,
		url: request.path,
		qs: request.qs,
		body: body as unknown as IDataObject,
		headers: { Accept: 'application/json', 'Content-Type': body.contentType },
		json: true,
		returnFullResponse: true,
		// Every status comes back, 401 included: n8n would not resend the body (see above).
		ignoreHttpStatusErrors: true,
		// Following redirects makes the HTTP client keep every byte written, to replay it: that
		// would hold the whole upload in memory. The service does not redirect uploads.
		disableFollowRedirect: true,
	};
}
