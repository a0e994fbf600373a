import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { projectLocator, projectPath } from '../../helpers/locators';
import { returnAllAndLimit } from '../../helpers/options';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['workOrder'], operation: ['getAll'] } };

export const getManyOption: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many work orders',
	description: 'List the work orders of a project',
	routing: route({
		method: 'GET',
		preSend: [projectPath('/api/v4/integration/tasks/project/{projectId}')],
	}),
};

export const getManyProperties: INodeProperties[] = [
	projectLocator(show),
	...returnAllAndLimit(show),
];
