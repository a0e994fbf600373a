import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { toBodyFields } from '../../helpers/options';
import { userLocator, userPath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';
import { prepareUserBody } from './body';
import { optionalUserFields, requiredUserFields, userTagsField } from './fields';

const show = { show: { resource: ['user'], operation: ['update'] } };

export const updateOption: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update a user',
	description:
		'Change only the fields you set (by company profile ID); the others keep their values',
	routing: route({
		method: 'PATCH',
		preSend: [
			prepareUserBody('partial'),
			userPath('/api/v4/integration/users/{id}', 'companyProfileId'),
		],
	}),
};

export const updateProperties: INodeProperties[] = [
	userLocator(show, 'companyProfileId'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields(
			[...requiredUserFields, ...optionalUserFields, userTagsField].sort((a, b) =>
				a.displayName.localeCompare(b.displayName),
			),
		),
	},
];
