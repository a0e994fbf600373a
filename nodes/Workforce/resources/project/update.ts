import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { projectLocator, projectPath } from '../../helpers/locators';
import { toBodyFields } from '../../helpers/options';
import { route } from '../../helpers/routing';
import { projectFields, validateProjectBody } from './fields';

const show = { show: { resource: ['project'], operation: ['update'] } };

/** A PATCH without fields would change nothing; say so instead of sending it. */
async function requireUpdateFields(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const body = (requestOptions.body ?? {}) as IDataObject;
	if (Object.keys(body).length === 0) {
		throw new NodeOperationError(this.getNode(), 'No fields to update', {
			description: 'Add at least one field under "Update Fields".',
			itemIndex: this.getItemIndex(),
		});
	}
	return requestOptions;
}

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
			requireUpdateFields,
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
