import type { INodeProperties } from 'n8n-workflow';

import { createOption, createProperties } from './create';
import { deleteOption, deleteProperties } from './delete';
import { getOption, getProperties } from './get';
import { getManyOption, getManyProperties } from './getMany';
import { replaceOption, replaceProperties } from './replace';
import { updateOption, updateProperties } from './update';

export const projectDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['project'] } },
		options: [createOption, deleteOption, getOption, getManyOption, replaceOption, updateOption],
		default: 'create',
	},
	...createProperties,
	...deleteProperties,
	...getProperties,
	...getManyProperties,
	...replaceProperties,
	...updateProperties,
];
