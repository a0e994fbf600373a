import type { INodeProperties } from 'n8n-workflow';

import { createOption, createProperties } from './create';
import { deleteOption, deleteProperties } from './delete';
import { getByEmployeeNumberOption, getByEmployeeNumberProperties } from './getByEmployeeNumber';
import { getByProfileIdOption, getByProfileIdProperties } from './getByProfileId';
import { getManyOption, getManyProperties } from './getMany';
import { isDeletableOption, isDeletableProperties } from './isDeletable';
import { replaceOption, replaceProperties } from './replace';
import { disableOption, enableOption, statusProperties } from './status';
import { updateOption, updateProperties } from './update';

/** User (v4): the older users API, identified by identity ID / company profile ID. */
export const userDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			createOption,
			deleteOption,
			disableOption,
			enableOption,
			getByEmployeeNumberOption,
			getByProfileIdOption,
			getManyOption,
			isDeletableOption,
			replaceOption,
			updateOption,
		],
		default: 'create',
	},
	...createProperties,
	...deleteProperties,
	...statusProperties,
	...getByEmployeeNumberProperties,
	...getByProfileIdProperties,
	...getManyProperties,
	...isDeletableProperties,
	...replaceProperties,
	...updateProperties,
];
