import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { projectLocator, readProjectLocator } from '../../helpers/locators';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['project'], operation: ['get'] } };

/** By number the service has its own endpoint, so no lookup is needed. */
async function getPath(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const { mode, value } = readProjectLocator(this);
	requestOptions.url =
		mode === 'projectNumber'
			? `/api/v4/integration/projects/by-project-number/${encodeURIComponent(value)}`
			: `/api/v4/integration/projects/${encodeURIComponent(value)}`;
	return requestOptions;
}

export const getOption: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a project',
	description: 'Get a project by ID or project number',
	routing: route({ method: 'GET', preSend: [getPath] }),
};

export const getProperties: INodeProperties[] = [projectLocator(show)];
