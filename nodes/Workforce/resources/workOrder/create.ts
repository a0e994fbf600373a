import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { projectLocator, resolveProjectId } from '../../helpers/locators';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['workOrder'], operation: ['create'] } };

/** The body carries the project's generated id, looked up when a project number was given. */
async function setProjectId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const body = (requestOptions.body ?? {}) as IDataObject;
	body.projectId = await resolveProjectId(this);
	requestOptions.body = body;
	return requestOptions;
}

export const createOption: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a work order',
	description: 'Create a work order (task) on a project',
	routing: route({ method: 'POST', url: '/api/v4/integration/tasks', preSend: [setProjectId] }),
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
	projectLocator(show, 'The project the work order belongs to'),
	{
		displayName: 'Work Order Number',
		name: 'externalId',
		type: 'string',
		required: true,
		default: '',
		description: 'Number of the work order in the external system (externalId)',
		displayOptions: show,
		routing: { send: { type: 'body', property: 'externalId' } },
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		displayOptions: show,
		routing: { send: { type: 'body', property: 'name' } },
	},
	{
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description: 'Whether time can be registered on the work order',
		displayOptions: show,
		routing: { send: { type: 'body', property: 'active' } },
	},
];
