import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeParameterResourceLocator,
	INodePropertyRouting,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { keepRoutedRequest, renewRoutedAnswer } from '../../shared/n8nInternals/tokenRenewal';
import { CREDENTIAL, rejectErrorAnswer, transportError } from '../../shared/transport';
import type { NotFound } from '../../shared/transport/errors';
import { notFoundOf, pickerOf } from './pickerHints';
import { assertNoDotSegments } from '../../shared/transport/pathSegment';

/**
 * Turns the service's answer into items: an array becomes one item per element, an empty
 * answer (204) becomes `{ success: true }`, and an error status becomes an n8n error that names
 * the offending fields (a 401 after the request was sent once more with a new token). Every
 * routed operation runs it first (see `route`).
 */
export async function handleResponse(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	return await answerItems(this, response, pickedNotFound);
}

/** `handleResponse` for an operation whose 404 has its own words (documents: parent and document). */
function handleResponseWith(notFound: NotFoundWords): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, _items, response) {
		return await answerItems(this, response, notFound);
	};
}

/** What a 404 says for an operation, read from its parameters after the answer. */
export type NotFoundWords = (ctx: IExecuteSingleFunctions) => NotFound | undefined;

async function answerItems(
	ctx: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
	notFound: NotFoundWords,
): Promise<INodeExecutionData[]> {
	try {
		await renewRoutedAnswer(ctx, CREDENTIAL, response);
	} catch (error) {
		throw transportError(ctx, error, { itemIndex: ctx.getItemIndex() });
	}
	await rejectErrorAnswer(ctx, response, {
		itemIndex: ctx.getItemIndex(),
		notFound: response.statusCode === 404 ? notFound(ctx) : undefined,
	});
	const body = response.body as unknown;
	if (Array.isArray(body)) return body.map((json) => ({ json: toObject(json) }));
	if (body === undefined || body === null || body === '') return [{ json: { success: true } }];
	return [{ json: toObject(body) }];
}

/** A 404 of an operation whose path holds a picked record: names the record, the mode and the fix. */
function pickedNotFound(ctx: IExecuteSingleFunctions): NotFound | undefined {
	const picker = pickerOf(
		String(ctx.getNodeParameter('resource', '')),
		String(ctx.getNodeParameter('operation', '')),
	);
	const locator = picker && ctx.getNodeParameter(picker.name, null);
	if (!picker || typeof locator !== 'object' || locator === null) return undefined;
	const { mode, value } = locator as INodeParameterResourceLocator;
	return notFoundOf(picker, String(mode), String(value ?? '').trim());
}

function toObject(value: unknown): IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: { value: value as IDataObject[string] };
}

/** Runs after the operation's own preSends: no request path may hold a `.` or `..` segment. */
async function refuseDotSegments(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	assertNoDotSegments(this, String(requestOptions.url ?? ''), this.getItemIndex());
	return requestOptions;
}

interface RouteOptions {
	method: IHttpRequestMethods;
	/** A path, or an n8n expression; paths with ids are set by a preSend that encodes them. */
	url?: string;
	/** Which base: the integration API unless stated. */
	baseURL?: string;
	preSend?: PreSendAction[];
	postReceive?: PostReceiveAction[];
	/** What a 404 says; by default the operation's picker (pickerHints.ts) names it. */
	notFound?: NotFoundWords;
}

/** Routing for one operation: error statuses reach `handleResponse` instead of vanishing. */
export function route(options: RouteOptions): INodePropertyRouting {
	return {
		request: {
			method: options.method,
			...(options.url !== undefined ? { url: options.url } : {}),
			...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
			// Every status comes back: a 401 is sent once more with a new token (renewRoutedAnswer).
			ignoreHttpStatusErrors: true,
			// n8n would resend the token to any origin a redirect names (see redirectError).
			disableFollowRedirect: true,
		},
		send: { preSend: [...(options.preSend ?? []), refuseDotSegments, keepRoutedRequest] },
		output: {
			postReceive: [
				options.notFound ? handleResponseWith(options.notFound) : handleResponse,
				...(options.postReceive ?? []),
			],
		},
	};
}
