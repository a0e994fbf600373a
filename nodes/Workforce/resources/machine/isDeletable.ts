import {
	NodeOperationError,
	type IExecuteSingleFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import {
	machineIdOfNumber,
	machineLocator,
	machinePath,
	MACHINES_PATH,
	readMachineLocator,
} from '../../helpers/machineLocator';
import { machineRoute } from './routing';

const show = { show: { resource: ['machine'], operation: ['isDeletable'] } };

/** The service answers a bare true or false; name the machine next to it. */
async function deletableItem(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const answer = items[0]?.json?.value;
	if (typeof answer !== 'boolean') {
		throw new NodeOperationError(this.getNode(), 'The service did not answer true or false', {
			description: `Got ${JSON.stringify(items[0]?.json ?? null)} from is-machine-deletable.`,
			itemIndex: this.getItemIndex(),
		});
	}
	const { mode, value } = readMachineLocator(this);
	// A routed operation cannot carry the id looked up before the request, so look it up again.
	const id =
		mode === 'machineNumber' ? await machineIdOfNumber(this, value, this.getItemIndex()) : value;
	return [
		{
			json: {
				isDeletable: answer,
				id,
				...(mode === 'machineNumber' ? { machineNumber: value } : {}),
			},
		},
	];
}

export const isDeletableOption: INodePropertyOptions = {
	name: 'Is Deletable',
	value: 'isDeletable',
	action: 'Check whether a machine can be deleted',
	description:
		'Whether the machine can be deleted (false while equipment is linked or registrations use it)',
	routing: machineRoute({
		method: 'GET',
		preSend: [machinePath(`${MACHINES_PATH}/is-machine-deletable/{machineId}`)],
		postReceive: [deletableItem],
	}),
};

export const isDeletableProperties: INodeProperties[] = [machineLocator(show)];
