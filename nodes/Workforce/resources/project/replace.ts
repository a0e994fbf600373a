import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { projectLocator, projectPath } from '../../helpers/locators';
import { toBodyFields } from '../../helpers/options';
import { route } from '../../helpers/routing';
import { projectFields, validateProjectBody } from './fields';

const show = { show: { resource: ['project'], operation: ['replace'] } };

export const replaceOption: INodePropertyOptions = {
	name: 'Replace',
	value: 'replace',
	action: 'Replace a project',
	description: 'Send the complete project: every field you leave out is cleared',
	routing: route({
		method: 'PUT',
		preSend: [projectPath('/api/v4/integration/projects/{projectId}'), validateProjectBody],
	}),
};

export const replaceProperties: INodeProperties[] = [
	projectLocator(show),
	{
		displayName:
			'Replace sends the complete project: fields not set below are cleared (Customer Number excepted: leaving it out keeps the link)',
		name: 'replaceNotice',
		type: 'notice',
		default: '',
		displayOptions: show,
	},
	{
		displayName: 'Company ID',
		name: 'companyId',
		type: 'string',
		required: true,
		default: '',
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
		displayName: 'Fields',
		name: 'fields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields(projectFields),
	},
];
