import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { machineLocator } from '../../shared/machineLocator';
import { bulkOperation } from './bulk';
import { requiredMachineProperties } from './create';
import { batchSizeProperty } from './createMany';
import { machineFields } from './fields';
import { replaceNotice } from './replace';

const show = { show: { resource: ['machine'], operation: ['replaceMany'] } };

/** Runs as a custom operation (see `bulk.ts`). */
export const replaceManyOption: INodePropertyOptions = {
	name: 'Replace Many',
	value: 'replaceMany',
	action: 'Replace many machines',
	description: 'Replace one machine per input item, sent in batches; a failed machine does not stop the others',
};

export const replaceMany = bulkOperation('replace');

export const replaceManyProperties: INodeProperties[] = [
	machineLocator(show, 'The machine each input item replaces (map its ID or machine number)'),
	replaceNotice(show),
	...requiredMachineProperties(show, false),
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: machineFields,
	},
	batchSizeProperty(show),
];
