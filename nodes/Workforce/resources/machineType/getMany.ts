import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/options';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['machineType'], operation: ['getAll'] } };

export const getManyOption: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many machine types',
	description: "List the company's machine types (each with its typeId)",
	routing: route({ method: 'GET', url: '/api/MachineType' }),
};

export const getManyProperties: INodeProperties[] = [...returnAllAndLimit(show)];
