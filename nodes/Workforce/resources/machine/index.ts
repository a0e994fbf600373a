import type { INodeProperties } from 'n8n-workflow';

import { createOption, createProperties } from './create';
import { createMany, createManyOption, createManyProperties } from './createMany';
import { deleteOption, deleteProperties } from './delete';
import { getOption, getProperties } from './get';
import { getByMachineNumberOption, getByMachineNumberProperties } from './getByMachineNumber';
import { getManyOption, getManyProperties } from './getMany';
import { isDeletableOption, isDeletableProperties } from './isDeletable';
import { replaceOption, replaceProperties } from './replace';
import { replaceMany, replaceManyOption, replaceManyProperties } from './replaceMany';
import { updateOption, updateProperties } from './update';
import { updateEsgOption, updateEsgProperties } from './updateEsg';

export const machineDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['machine'] } },
		options: [
			createOption,
			createManyOption,
			deleteOption,
			getOption,
			getByMachineNumberOption,
			getManyOption,
			isDeletableOption,
			replaceOption,
			replaceManyOption,
			updateOption,
			updateEsgOption,
		],
		default: 'create',
	},
	...createProperties,
	...createManyProperties,
	...deleteProperties,
	...getProperties,
	...getByMachineNumberProperties,
	...getManyProperties,
	...isDeletableProperties,
	...replaceProperties,
	...replaceManyProperties,
	...updateProperties,
	...updateEsgProperties,
];

/** Operations that send arrays in batches, which routing cannot do. */
export const machineCustomOperations = { createMany, replaceMany };
