import type { IHttpRequestOptions } from 'n8n-workflow';

/**
 * Relies on: n8n's request helper sends no body at all for an empty object or array: axios is
 * given the body only when it is text or an object n8n-workflow's `isObjectEmpty` calls non-empty
 * (`convertN8nRequestToAxios`: @n8n/backend-network's on 2.41.1; n8n-core 1.122.48's in n8n
 * 1.123.81, read, not run). An array the service must receive even when empty goes as its JSON
 * text, with the JSON content type.
 * Proven on n8n 2.41.1 (test/nodes/shared/n8nInternals/jsonArrayBody.test.ts through n8n-core).
 */
export function jsonArrayBody(
	requestOptions: IHttpRequestOptions,
	body: unknown[],
): IHttpRequestOptions {
	requestOptions.body = body.length ? body : '[]';
	requestOptions.headers = {
		...(requestOptions.headers ?? {}),
		'Content-Type': 'application/json',
	};
	return requestOptions;
}
