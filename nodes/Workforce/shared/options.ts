import type { INodeProperties } from 'n8n-workflow';

/** Return All / Limit for lists the service returns whole; the limit is applied to the answer. */
export function returnAllAndLimit(displayOptions: INodeProperties['displayOptions']): INodeProperties[] {
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
			displayOptions: { ...displayOptions, show: { ...(displayOptions?.show ?? {}), returnAll: [false] } },
			routing: { output: { maxResults: '={{$value}}' } },
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
