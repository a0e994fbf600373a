import {
	NodeApiError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type IN8nHttpFullResponse,
	type IPollFunctions,
	type JsonObject,
} from 'n8n-workflow';

import { CREDENTIAL } from '../credentialType';
import { sendRenewingOnce } from '../n8nInternals/tokenRenewal';
import { readText } from './body';
import { errorWithOwnMessage, redirectError, serviceError, type NotFound } from './errors';
import { networkProblem } from './network';
import { credentialSecrets, redact } from './redact';
import { assertNoDotSegments } from './pathSegment';

export { CREDENTIAL } from '../credentialType';

export type WorkforceContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
	| ILoadOptionsFunctions
	| IPollFunctions;

export type Api = 'integration' | 'extraction';

export interface WorkforceRequest {
	api?: Api;
	method: IHttpRequestMethods;
	/** Path below the base; callers encode path parameters with `encodeURIComponent`. */
	path: string;
	qs?: IDataObject;
	body?: unknown;
	headers?: IDataObject;
	/** Return the raw bytes (downloads). */
	binary?: boolean;
	/** Return the body as a stream for the caller to read (extraction pages, downloads); error answers are read here. */
	stream?: boolean;
	/** Label for error messages, e.g. "Get project". */
	what?: string;
	/** What a 404 means here and how to fix it (a picker's value looked up). */
	notFound?: NotFound;
	itemIndex?: number;
	timeout?: number;
	/**
	 * The credential as the caller already read it: the paginator reads it once per run instead of
	 * once per page (in n8n each read is a database lookup, on the path of every page's request).
	 */
	credentials?: ICredentialDataDecryptedObject;
}

/** One request to the service with the credential's token; error answers become clear n8n errors. */
export async function workforceRequest(
	this: WorkforceContext,
	request: WorkforceRequest,
): Promise<IN8nHttpFullResponse> {
	assertNoDotSegments(this, request.path, request.itemIndex);
	const credentials =
		request.credentials ?? (await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL));
	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL: baseUrl(credentials, request.api ?? 'integration'),
		url: request.path,
		qs: request.qs,
		body: request.body as IHttpRequestOptions['body'],
		headers: { Accept: request.binary ? '*/*' : 'application/json', ...(request.headers ?? {}) },
		json: !request.binary && !request.stream,
		encoding: request.stream ? 'stream' : request.binary ? 'arraybuffer' : undefined,
		returnFullResponse: true,
		// Every status comes back: a 401 is sent once more with a new token (sendRenewingOnce).
		ignoreHttpStatusErrors: true,
		arrayFormat: 'repeat',
		timeout: request.timeout,
		// n8n would resend the token to any origin a redirect names (see redirectError).
		disableFollowRedirect: true,
	};
	let response: IN8nHttpFullResponse;
	try {
		response = await sendRenewingOnce(
			this,
			CREDENTIAL,
			() => ({ ...options }),
			async (refused) =>
				request.stream && (await readText(refused.body, request.timeout).catch(() => '')),
		);
	} catch (error) {
		throw transportError(this, error, {
			...request,
			secrets: credentialSecrets(await this.getCredentials(CREDENTIAL).catch(() => undefined)),
		});
	}
	// An error answer's body is read here, so every caller gets it as usual.
	if (request.stream && response.statusCode >= 300)
		response.body = await readText(response.body, request.timeout).catch(() => '');
	await rejectErrorAnswer(this, response, request);
	return response;
}

/**
 * A redirect or an error status as a clear n8n error (routed operations, requests, uploads).
 * The credential is read again so that a token n8n refreshed during the request (after a 401) is
 * redacted from the service's answer too.
 */
export async function rejectErrorAnswer(
	ctx: WorkforceContext,
	response: IN8nHttpFullResponse,
	context: { what?: string; itemIndex?: number; notFound?: NotFound },
): Promise<void> {
	if (response.statusCode >= 300 && response.statusCode < 400)
		throw redirectError(ctx.getNode(), response.statusCode, response.headers, context);
	if (response.statusCode >= 400) {
		const secrets = credentialSecrets(
			await ctx.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL).catch(() => undefined),
		);
		throw serviceError(ctx.getNode(), response.statusCode, response.body, {
			what: context.what,
			itemIndex: context.itemIndex,
			notFound: context.notFound,
			secrets,
			headers: response.headers,
		});
	}
}

/** The JSON body of a successful request. */
export async function workforceJson<T = unknown>(
	this: WorkforceContext,
	request: WorkforceRequest,
): Promise<T> {
	const response = await workforceRequest.call(this, request);
	return response.body as T;
}

export function baseUrl(credentials: ICredentialDataDecryptedObject, api: Api): string {
	const key = api === 'extraction' ? 'extractionBaseUrl' : 'integrationBaseUrl';
	const value = String(credentials[key] ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (!/^https?:\/\//i.test(value)) {
		throw new Error(
			`The credential's ${api === 'extraction' ? 'Data Extraction API Base URL' : 'Integration API Base URL'} is not set to an http(s) URL. Set it in the Workforce API credential.`,
		);
	}
	return value;
}

/**
 * A failure before any answer (connection refused, timeout, dropped connection) or a 401 that
 * survived the refresh. Rebuilt from the status and code only, so request headers never leak.
 */
export function transportError(
	ctx: WorkforceContext,
	error: unknown,
	request: Pick<WorkforceRequest, 'what' | 'itemIndex'> & { secrets?: string[] },
): NodeApiError {
	const e = error as {
		httpCode?: string;
		message?: string;
		cause?: { code?: string; response?: { status?: number; data?: unknown } };
		code?: string;
		response?: { status?: number; data?: unknown };
	};
	const status =
		e.response?.status ??
		e.cause?.response?.status ??
		(e.httpCode ? Number(e.httpCode) : undefined);
	if (status && status >= 400) {
		return serviceError(
			ctx.getNode(),
			status,
			e.response?.data ?? e.cause?.response?.data,
			request,
		);
	}
	const code = e.code ?? e.cause?.code;
	const label = request.what
		? `${request.what} failed`
		: 'The request to the Workforce service failed';
	if (!code && e.message) {
		// Not a network failure: the credential refused to send (missing scope, a URL outside its
		// bases). Its own words say what to fix; "no answer" would send the user the wrong way.
		const refused = `${label}: ${redact(String(e.message), request.secrets)}`;
		return new NodeApiError(ctx.getNode(), { message: refused } as JsonObject, {
			message: refused,
			description:
				'Nothing was sent to the service. Check the Workforce API credential (Scopes and base URLs).',
			itemIndex: request.itemIndex,
		});
	}
	const message = `${label}: ${networkProblem(code)}`;
	// The raw code stays machine-readable (the paginator retries on it); the message uses words.
	return errorWithOwnMessage(
		ctx.getNode(),
		{
			message,
			code: code ?? null,
			detail: redact(String(e.message ?? ''), request.secrets),
		} as JsonObject,
		{
			message,
			description:
				'No answer came back. Check the base URLs in the Workforce API credential and that the service is reachable from n8n; transient failures can be retried (node settings: Retry On Fail).',
			itemIndex: request.itemIndex,
		},
	);
}
