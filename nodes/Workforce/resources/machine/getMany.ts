import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { MACHINES_PATH } from '../../helpers/machineLocator';
import { returnAllAndLimit } from '../../helpers/options';
import { includeEquipmentProperty, machineRoute, sendIncludeEquipment } from './routing';

const show = { show: { resource: ['machine'], operation: ['getAll'] } };

export const getManyOption: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many machines',
	description: "List the company's machines and equipment",
	routing: machineRoute({ method: 'GET', url: MACHINES_PATH, preSend: [sendIncludeEquipment] }),
};

export const getManyProperties: INodeProperties[] = [
	...returnAllAndLimit(show),
	includeEquipmentProperty(show),
];
