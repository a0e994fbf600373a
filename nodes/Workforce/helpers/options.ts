import {
	NodeOperationError,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
} from 'n8n-workflow';

/**
 * n8n does not enforce a number parameter's minValue on mapped values, and a Limit of 0 or less
 * would return every record: refuse it before sending.
 */
export async function checkLimit(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const limit = this.getNodeParameter('limit', 50) as unknown;
	if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(this.getNode(), 'Limit must be a whole number of 1 or more', {
			description: `Got "${String(limit)}". Set Limit to 1 or more, or turn on Return All.`,
			itemIndex: this.getItemIndex(),
		});
	}
	return requestOptions;
}

/** Return All / Limit for lists the service returns whole; the limit is applied to the answer. */
export function returnAllAndLimit(
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions,
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: {
				...displayOptions,
				show: { ...(displayOptions?.show ?? {}), returnAll: [false] },
			},
			routing: { send: { preSend: [checkLimit] }, output: { maxResults: '={{$value}}' } },
		},
	];
}

/** Puts each chosen option of a collection into the JSON body under its own name. */
export function toBodyFields(fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) => ({
		...field,
		routing: { send: { type: 'body', property: field.name } },
	}));
}

/** Where a download puts its file: the output binary field. */
export function binaryOutputProperty(
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
		displayOptions,
	};
}
