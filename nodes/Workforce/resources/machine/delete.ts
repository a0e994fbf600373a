import type {
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import {
	machineLocator,
	machinePath,
	MACHINES_PATH,
	readMachineLocator,
} from '../../helpers/machineLocator';
import { machineRoute } from './routing';

const show = { show: { resource: ['machine'], operation: ['delete'] } };

/** The service answers 204; say what was deleted. */
async function deletedItem(this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
	const { mode, value } = readMachineLocator(this);
	return [
		{
			json: {
				deleted: true,
				resource: 'machine',
				[mode === 'machineNumber' ? 'machineNumber' : 'id']: value,
			},
		},
	];
}

export const deleteOption: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a machine',
	description:
		'Delete a machine or piece of equipment (retire machines with Update, Active false, instead)',
	routing: machineRoute({
		method: 'DELETE',
		preSend: [machinePath(`${MACHINES_PATH}/{machineId}`)],
		postReceive: [deletedItem],
	}),
};

export const deleteProperties: INodeProperties[] = [machineLocator(show)];
