import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/options';
import { route } from '../../helpers/routing';
import { ZONED_INSTANT_HINT } from '../../../shared/dateHints';
import { changedSinceInZone } from './changedSince';

const show = { show: { resource: ['user'], operation: ['getAll'] } };

export const getManyOption: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many users',
	description: "List the company's users (v4)",
	routing: route({ method: 'GET', url: '/api/v4/integration/users' }),
};

export const getManyProperties: INodeProperties[] = [
	...returnAllAndLimit(show),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: 'Changed Since',
				name: 'changedSince',
				type: 'dateTime',
				default: '',
				description: `Only users modified after this moment (a slower query on the service). ${ZONED_INSTANT_HINT}. Without a zone it is a time in n8n's time zone (nodes saved with version 1 send it as written).`,
				routing: {
					send: { type: 'query', property: 'changedSince', preSend: [changedSinceInZone] },
				},
			},
			{
				displayName: 'Company ID',
				name: 'companyId',
				type: 'string',
				default: '',
				description: 'List the users of this subsidiary instead of your own company',
				routing: { send: { type: 'query', property: 'companyId' } },
			},
			{
				displayName: 'Employment Lookback Days',
				name: 'employmentLookbackDays',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 30,
				description: 'Only users with an active employment or one that ended within this many days',
				routing: { send: { type: 'query', property: 'employmentLookbackDays' } },
			},
		],
	},
];
