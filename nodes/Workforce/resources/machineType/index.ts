import type { INodeProperties } from 'n8n-workflow';

import { getManyOption, getManyProperties } from './getMany';

export const machineTypeDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['machineType'] } },
		options: [getManyOption],
		default: 'getAll',
	},
	...getManyProperties,
];
