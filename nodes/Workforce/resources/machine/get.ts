import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import {
	byNumberPath,
	machineLocator,
	MACHINES_PATH,
	readMachineLocator,
} from '../../helpers/machineLocator';
import { includeEquipmentProperty, machineRoute, sendIncludeEquipment } from './routing';

const show = { show: { resource: ['machine'], operation: ['get'] } };

/** By number the service has its own endpoint, so no lookup is needed. */
async function getPath(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const { mode, value } = readMachineLocator(this);
	requestOptions.url =
		mode === 'machineNumber'
			? byNumberPath(value)
			: `${MACHINES_PATH}/${encodeURIComponent(value)}`;
	return requestOptions;
}

export const getOption: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a machine',
	description: 'Get a machine or piece of equipment by ID (or pick it from the list)',
	routing: machineRoute({ method: 'GET', preSend: [getPath, sendIncludeEquipment] }),
};

export const getProperties: INodeProperties[] = [
	machineLocator(show),
	includeEquipmentProperty(show),
];
