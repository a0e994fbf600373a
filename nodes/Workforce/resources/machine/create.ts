import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { MACHINES_PATH } from '../../helpers/machineLocator';
import { toBodyFields } from '../../helpers/options';
import { machineFields } from './fields';
import { machineRoute } from './routing';
import { validateMachineBody } from './validateBody';

const show = { show: { resource: ['machine'], operation: ['create'] } };

export const createOption: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a machine',
	description: 'Create a machine or a piece of equipment',
	routing: machineRoute({
		method: 'POST',
		url: MACHINES_PATH,
		preSend: [validateMachineBody('create')],
	}),
};

/** Company ID and Machine Number, required on create and replace. */
export function requiredMachineProperties(
	displayOptions: INodeProperties['displayOptions'],
	routed = true,
): INodeProperties[] {
	return [
		{
			displayName: 'Company ID',
			name: 'companyId',
			type: 'string',
			required: true,
			default: '',
			description: "ID of the machine's company",
			displayOptions,
			...(routed ? { routing: { send: { type: 'body', property: 'companyId' } } } : {}),
		},
		{
			displayName: 'Machine Number',
			name: 'machineNumber',
			type: 'string',
			required: true,
			default: '',
			description: 'Unique within the company',
			displayOptions,
			...(routed ? { routing: { send: { type: 'body', property: 'machineNumber' } } } : {}),
		},
	];
}

export const createProperties: INodeProperties[] = [
	...requiredMachineProperties(show),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields(machineFields),
	},
];
