import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/options';
import { checkRequired } from '../../helpers/peopleFormats';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['employee'], operation: ['search'] } };

export const searchOption: INodePropertyOptions = {
	name: 'Search',
	value: 'search',
	action: 'Search employees',
	description:
		'Free-text search over name, phone, e-mail and employee number; each hit tells whether the employment is active',
	routing: route({
		method: 'GET',
		url: '/api/v5/integration/employees/search',
		preSend: [
			async function (requestOptions) {
				checkRequired(this, (requestOptions.qs ?? {}) as Record<string, string>, {
					query: 'Query',
				});
				return requestOptions;
			},
		],
	}),
};

export const searchProperties: INodeProperties[] = [
	{
		displayName: 'Query',
		name: 'query',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Olsen',
		description: 'Text to find in name, phone, e-mail or employee number',
		displayOptions: show,
		routing: { send: { type: 'query', property: 'query' } },
	},
	...returnAllAndLimit(show),
];
