import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { bulkOperation } from './bulk';
import { requiredMachineProperties } from './create';
import { machineFields } from './fields';

const show = { show: { resource: ['machine'], operation: ['createMany'] } };
const mapped = { show: { ...show.show, machineData: ['fields'] } };

/** Runs as a custom operation (see `bulk.ts`): routing sends one request per item, not arrays. */
export const createManyOption: INodePropertyOptions = {
	name: 'Create Many',
	value: 'createMany',
	action: 'Create many machines',
	description:
		'Create one machine per input item, sent in batches; a failed machine does not stop the others',
};

export const createMany = bulkOperation('create');

export function batchSizeProperty(
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties {
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

/** Where each machine comes from: parameters mapped per item, or the item's JSON as it is. */
export function machineDataProperty(
	displayOptions: INodeProperties['displayOptions'],
	idNote: string,
): INodeProperties {
	return {
		displayName: 'Machine Data',
		name: 'machineData',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Map Fields Below',
				value: 'fields',
				description:
					'Each input item becomes one machine, built from the fields below (use expressions)',
			},
			{
				name: 'Use Input Item JSON',
				value: 'json',
				description: `Each input item's JSON is one machine with the field names of the API (companyId, machineNumber, typeId, ...; other keys are ignored)${idNote}`,
			},
		],
		default: 'fields',
		displayOptions,
	};
}

export const createManyProperties: INodeProperties[] = [
	machineDataProperty(show, ''),
	...requiredMachineProperties(mapped, false),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: mapped,
		options: machineFields,
	},
	batchSizeProperty(show),
];
