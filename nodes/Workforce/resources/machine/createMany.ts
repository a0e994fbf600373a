import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { bulkOperation } from './bulk';
import { requiredMachineProperties } from './create';
import { machineFields } from './fields';

const show = { show: { resource: ['machine'], operation: ['createMany'] } };

/** Runs as a custom operation (see `bulk.ts`): routing sends one request per item, not arrays. */
export const createManyOption: INodePropertyOptions = {
	name: 'Create Many',
	value: 'createMany',
	action: 'Create many machines',
	description: 'Create one machine per input item, sent in batches; a failed machine does not stop the others',
};

export const createMany = bulkOperation('create');

export function batchSizeProperty(displayOptions: INodeProperties['displayOptions']): INodeProperties {
	return {
		displayName: 'Batch Size',
		name: 'batchSize',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 100,
		description: 'How many machines to send per request',
		displayOptions,
	};
}

export const createManyProperties: INodeProperties[] = [
	{
		displayName: 'Each input item becomes one machine: map its fields below with expressions',
		name: 'createManyNotice',
		type: 'notice',
		default: '',
		displayOptions: show,
	},
	...requiredMachineProperties(show, false),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: machineFields,
	},
	batchSizeProperty(show),
];
