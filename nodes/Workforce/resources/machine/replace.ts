import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { machineLocator, machinePath, MACHINES_PATH } from '../../helpers/machineLocator';
import { toBodyFields } from '../../helpers/options';
import { requiredMachineProperties } from './create';
import { machineFields } from './fields';
import { machineRoute } from './routing';
import { validateMachineBody } from './validateBody';

const show = { show: { resource: ['machine'], operation: ['replace'] } };

export const replaceOption: INodePropertyOptions = {
	name: 'Replace',
	value: 'replace',
	action: 'Replace a machine',
	description:
		'Send the complete machine: every field you leave out is cleared (ESG fields excepted)',
	routing: machineRoute({
		method: 'PUT',
		preSend: [machinePath(`${MACHINES_PATH}/{machineId}`), validateMachineBody('replace')],
	}),
};

export const replaceNotice = (
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties => ({
	displayName:
		'Replace sends the complete machine: fields not set below are cleared, and Is Equipment falls back to false (set it for equipment)',
	name: 'replaceNotice',
	type: 'notice',
	default: '',
	displayOptions,
});

export const replaceProperties: INodeProperties[] = [
	machineLocator(show),
	replaceNotice(show),
	...requiredMachineProperties(show),
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields(machineFields),
	},
];
