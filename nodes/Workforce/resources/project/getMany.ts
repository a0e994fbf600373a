import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/options';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['project'], operation: ['getAll'] } };

export const getManyOption: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many projects',
	description: "List the company's projects",
	routing: route({ method: 'GET', url: '/api/v4/integration/projects' }),
};

export const getManyProperties: INodeProperties[] = [...returnAllAndLimit(show)];
