import {
	NodeOperationError,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { assertPathSafe, byNumberPath } from '../../helpers/machineLocator';
import { notFoundOf, PICKERS } from '../../helpers/pickerHints';
import { includeEquipmentProperty, machineRoute, sendIncludeEquipment } from './routing';

const show = { show: { resource: ['machine'], operation: ['getByMachineNumber'] } };

async function numberPath(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const number = String(this.getNodeParameter('machineNumber', '') ?? '').trim();
	if (number === '') {
		throw new NodeOperationError(this.getNode(), 'Machine Number is empty', {
			description: 'Enter the machine number to look up in "Machine Number".',
			itemIndex: this.getItemIndex(),
		});
	}
	assertPathSafe(this, number, 'Machine number', this.getItemIndex(), 'Machine Number');
	requestOptions.url = byNumberPath(number);
	return requestOptions;
}

export const getByMachineNumberOption: INodePropertyOptions = {
	name: 'Get by Machine Number',
	value: 'getByMachineNumber',
	action: 'Get a machine by machine number',
	description: 'Get a machine or piece of equipment by its machine number',
	routing: machineRoute({
		method: 'GET',
		preSend: [numberPath, sendIncludeEquipment],
		notFound: (ctx) =>
			notFoundOf(
				PICKERS.machine,
				'machineNumber',
				String(ctx.getNodeParameter('machineNumber', '') ?? '').trim(),
			),
	}),
};

export const getByMachineNumberProperties: INodeProperties[] = [
	{
		displayName: 'Machine Number',
		name: 'machineNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. M-100',
		displayOptions: show,
	},
	includeEquipmentProperty(show),
];
