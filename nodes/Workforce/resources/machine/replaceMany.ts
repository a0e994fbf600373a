import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { machineLocator } from '../../helpers/machineLocator';
import { bulkOperation } from './bulk';
import { requiredMachineProperties } from './create';
import { batchSizeProperty, machineDataProperty } from './createMany';
import { machineFields } from './fields';
import { replaceNotice } from './replace';

const show = { show: { resource: ['machine'], operation: ['replaceMany'] } };
const mapped = { show: { ...show.show, machineData: ['fields'] } };

/** Runs as a custom operation (see `bulk.ts`). */
export const replaceManyOption: INodePropertyOptions = {
	name: 'Replace Many',
	value: 'replaceMany',
	action: 'Replace many machines',
	description:
		'Replace one machine per input item, sent in batches; a failed machine does not stop the others',
};

export const replaceMany = bulkOperation('replace');

export const replaceManyProperties: INodeProperties[] = [
	machineDataProperty(show, '; the machine is found by its id, or else by its machineNumber'),
	machineLocator(mapped, 'The machine each input item replaces (map its ID or machine number)'),
	replaceNotice(show),
	...requiredMachineProperties(mapped, false),
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: mapped,
		options: machineFields,
	},
	batchSizeProperty(show),
];
