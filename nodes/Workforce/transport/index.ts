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

import { serviceError } from './errors';
import { networkProblem } from './network';

export const CREDENTIAL = 'workforceApi';

export type WorkforceContext = IExecuteFunctions | IExecuteSingleFunctions | ILoadOptionsFunctions | IPollFunctions;

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
	/** Label for error messages, e.g. "Get project". */
	what?: string;
	itemIndex?: number;
	timeout?: number;
}

/** 401 still throws so n8n core refreshes the token and retries once; every other status comes back to us. */
export const IGNORE_ALL_BUT_401 = { ignore: true as const, except: [401] };

/** One request to the service with the credential's token; error answers become clear n8n errors. */
export async function workforceRequest(this: WorkforceContext, request: WorkforceRequest): Promise<IN8nHttpFullResponse> {
	const credentials = await this.getCredentials(CREDENTIAL);
	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL: baseUrl(credentials, request.api ?? 'integration'),
		url: request.path,
		qs: request.qs,
		body: request.body as IHttpRequestOptions['body'],
		headers: { Accept: request.binary ? '*/*' : 'application/json', ...(request.headers ?? {}) },
		json: !request.binary,
		encoding: request.binary ? 'arraybuffer' : undefined,
		returnFullResponse: true,
		ignoreHttpStatusErrors: IGNORE_ALL_BUT_401,
		arrayFormat: 'repeat',
		timeout: request.timeout,
	};
	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL, options)) as IN8nHttpFullResponse;
	} catch (error) {
		throw transportError(this, error, request);
	}
	if (response.statusCode >= 400) throw serviceError(this.getNode(), response.statusCode, response.body, request);
	return response;
}

/** The JSON body of a successful request. */
export async function workforceJson<T = unknown>(this: WorkforceContext, request: WorkforceRequest): Promise<T> {
	const response = await workforceRequest.call(this, request);
	return response.body as T;
}

export function baseUrl(credentials: ICredentialDataDecryptedObject, api: Api): string {
	const key = api === 'extraction' ? 'extractionBaseUrl' : 'integrationBaseUrl';
	const value = String(credentials[key] ?? '').trim().replace(/\/+$/, '');
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
export function transportError(ctx: WorkforceContext, error: unknown, request: Pick<WorkforceRequest, 'what' | 'itemIndex'>): NodeApiError {
	const e = error as { httpCode?: string; message?: string; cause?: { code?: string; response?: { status?: number; data?: unknown } }; code?: string; response?: { status?: number; data?: unknown } };
	const status = e.response?.status ?? e.cause?.response?.status ?? (e.httpCode ? Number(e.httpCode) : undefined);
	if (status && status >= 400) {
		return serviceError(ctx.getNode(), status, e.response?.data ?? e.cause?.response?.data, request);
	}
	const code = e.code ?? e.cause?.code;
	const label = request.what ? `${request.what} failed` : 'The request to the Workforce service failed';
	const message = `${label}: ${networkProblem(code)}`;
	// The raw code stays machine-readable (the paginator retries on it); the message uses words.
	return new NodeApiError(ctx.getNode(), { message, code: code ?? null, detail: sanitize(String(e.message ?? '')) } as JsonObject, {
		message,
		description:
			'No answer came back. Check the base URLs in the Workforce API credential and that the service is reachable from n8n; transient failures can be retried (node settings: Retry On Fail).',
		itemIndex: request.itemIndex,
	});
}

/** Strips anything that looks like a bearer token from a message. */
function sanitize(message: string): string {
	return message.replace(/Bearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer [redacted]');
}
