import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { toBodyFields } from '../../helpers/options';
import { route } from '../../helpers/routing';
import { projectFields, validateProjectBody } from './fields';

const show = { show: { resource: ['project'], operation: ['create'] } };

export const createOption: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a project',
	description: 'Create a project (an existing project number returns the existing project)',
	routing: route({
		method: 'POST',
		url: '/api/v4/integration/projects',
		preSend: [validateProjectBody],
	}),
};

export const createProperties: INodeProperties[] = [
	{
		displayName: 'Company ID',
		name: 'companyId',
		type: 'string',
		required: true,
		default: '',
		description: "ID of the project's company",
		displayOptions: show,
		routing: { send: { type: 'body', property: 'companyId' } },
	},
	{
		displayName: 'Project Number',
		name: 'projectNumber',
		type: 'string',
		required: true,
		default: '',
		description: 'Unique within the company',
		displayOptions: show,
		routing: { send: { type: 'body', property: 'projectNumber' } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields(projectFields),
	},
];
