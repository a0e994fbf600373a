import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { toBodyFields } from '../../shared/options';
import { route } from '../../shared/routing';
import { prepareUserBody } from './body';
import { optionalUserFields, requiredUserFields, userTagsField } from './fields';

const show = { show: { resource: ['user'], operation: ['create'] } };

export const createOption: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a user',
	description: 'Create a user (v4) with its employment',
	routing: route({ method: 'POST', url: '/api/v4/integration/users', preSend: [prepareUserBody('full')] }),
};

export const createProperties: INodeProperties[] = [
	{
		displayName: 'Company ID',
		name: 'companyId',
		type: 'string',
		required: true,
		default: '',
		description: "ID of the user's company (your own or a subsidiary)",
		displayOptions: show,
		routing: { send: { type: 'body', property: 'companyId' } },
	},
	...requiredUserFields.map((field) => ({
		...field,
		required: true,
		displayOptions: show,
		routing: { send: { type: 'body' as const, property: field.name } },
	})),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields([...optionalUserFields, userTagsField].sort((a, b) => a.displayName.localeCompare(b.displayName))),
	},
];
