import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { requireFieldsToUpdate } from '../../helpers/fieldsToUpdate';
import { projectLocator, projectPath } from '../../helpers/locators';
import { toBodyFields } from '../../helpers/options';
import { route } from '../../helpers/routing';
import { projectFields, validateProjectBody } from './fields';

const show = { show: { resource: ['project'], operation: ['update'] } };

export const updateOption: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update a project',
	description: 'Change only the fields you set; the others keep their values',
	routing: route({
		method: 'PATCH',
		preSend: [
			projectPath('/api/v4/integration/projects/{projectId}'),
			validateProjectBody,
			requireFieldsToUpdate,
		],
	}),
};

export const updateProperties: INodeProperties[] = [
	projectLocator(show),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields([
			{ displayName: 'Company ID', name: 'companyId', type: 'string', default: '' },
			{
				displayName: 'Project Number',
				name: 'projectNumber',
				type: 'string',
				default: '',
				description: 'Unique within the company',
			},
			...projectFields,
		]).sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
];
