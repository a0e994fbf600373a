import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { machineLocator, machinePath, MACHINES_PATH } from '../../helpers/machineLocator';
import { toBodyFields } from '../../helpers/options';
import { machineFields } from './fields';
import { machineRoute } from './routing';
import { validateMachineBody } from './validateBody';

const show = { show: { resource: ['machine'], operation: ['update'] } };

export const updateOption: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update a machine',
	description: 'Change only the fields you set; the others keep their values',
	routing: machineRoute({
		method: 'PATCH',
		preSend: [machinePath(`${MACHINES_PATH}/{machineId}`), validateMachineBody('update')],
	}),
};

export const updateProperties: INodeProperties[] = [
	machineLocator(show),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'A text field left empty is cleared',
		displayOptions: show,
		options: toBodyFields([
			{ displayName: 'Company ID', name: 'companyId', type: 'string', default: '' },
			{
				displayName: 'Machine Number',
				name: 'machineNumber',
				type: 'string',
				default: '',
				description: 'Unique within the company',
			},
			...machineFields,
		]).sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
];
