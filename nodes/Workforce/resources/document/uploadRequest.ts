import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import { baseUrl, CREDENTIAL, rejectErrorAnswer, transportError } from '../../../shared/transport';
import { assertNoDotSegments } from '../../../shared/transport/pathSegment';
import { buildMultipart, type UploadFile } from '../../../shared/n8nInternals/multipartBody';
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
 * POSTs the files as one multipart request. n8n core refreshes the token on a 401 but does not
 * resend a streamed body, so 401 comes back to us (all statuses are ignored by the client) and
 * we refresh and upload exactly once more with a freshly built body: the credential data is
 * passed with its token emptied, which makes n8n run the credential's preAuthentication (a new
 * token, saved to the credential) before sending.
 */
export async function sendUpload(ctx: IExecuteFunctions, request: UploadRequest): Promise<unknown> {
	assertNoDotSegments(ctx, request.path, request.itemIndex);
	const credentials = await ctx.getCredentials(CREDENTIAL);
	const base = baseUrl(credentials, 'integration');
	let response = await post(ctx, base, request);
	if (response.statusCode === 401) {
		const node = ctx.getNode();
		const stored = node.credentials?.[CREDENTIAL];
		const fresh = await ctx.getCredentials(CREDENTIAL);
		response = await post(ctx, base, request, {
			credentialsDecrypted: {
				id: stored?.id ?? '',
				name: stored?.name ?? '',
				type: CREDENTIAL,
				data: { ...fresh, accessToken: '' },
			},
		});
	}
	await rejectErrorAnswer(ctx, response, {
		what: WHAT,
		itemIndex: request.itemIndex,
		notFound: request.notFound,
	});
	return response.body;
}

async function post(
	ctx: IExecuteFunctions,
	base: string,
	request: UploadRequest,
	additional?: Parameters<IExecuteFunctions['helpers']['httpRequestWithAuthentication']>[2],
): Promise<IN8nHttpFullResponse> {
	const body = buildMultipart(request.files);
	const options: IHttpRequestOptions = {
		method: 'POST',
		baseURL: base,
		url: request.path,
		qs: request.qs,
		body: body as unknown as IDataObject,
		headers: { Accept: 'application/json', 'Content-Type': body.contentType },
		json: true,
		returnFullResponse: true,
		// Every status comes back, 401 included: core must not swallow it (see above).
		ignoreHttpStatusErrors: true,
		// Following redirects makes the HTTP client keep every byte written, to replay it: that
		// would hold the whole upload in memory. The service does not redirect uploads.
		disableFollowRedirect: true,
	};
	try {
		return (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			CREDENTIAL,
			options,
			additional,
		)) as IN8nHttpFullResponse;
	} catch (error) {
		throw transportError(ctx, error, { what: WHAT, itemIndex: request.itemIndex });
	}
}
