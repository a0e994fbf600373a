import type { INodeProperties } from 'n8n-workflow';

import { createOption, createProperties } from './create';
import { getManyOption, getManyProperties } from './getMany';

export const workOrderDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workOrder'] } },
		options: [createOption, getManyOption],
		default: 'create',
	},
	...createProperties,
	...getManyProperties,
];
