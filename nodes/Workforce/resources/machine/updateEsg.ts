import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { machineLocator, machinePath, MACHINES_PATH } from '../../helpers/machineLocator';
import { toBodyFields } from '../../helpers/options';
import { FUEL_CONSUMPTION_UNITS, FUEL_TYPES, normalizeEsgBody } from './esg';
import { failWith } from './fields';
import { machineRoute } from './routing';

const show = { show: { resource: ['machine'], operation: ['updateEsg'] } };

async function validateEsg(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const body = (requestOptions.body as IDataObject | undefined) ?? {};
	requestOptions.body = normalizeEsgBody(body, failWith(this.getNode(), this.getItemIndex()));
	return requestOptions;
}

export const updateEsgOption: INodePropertyOptions = {
	name: 'Update ESG',
	value: 'updateEsg',
	action: 'Update the ESG data of a machine',
	description:
		'Set fuel consumption rate, fuel consumption unit and fuel type (only changeable here)',
	// The check runs first: a missing field is reported before any machine number lookup.
	routing: machineRoute({
		method: 'PATCH',
		preSend: [validateEsg, machinePath(`${MACHINES_PATH}/{machineId}/esg`)],
	}),
};

export const updateEsgProperties: INodeProperties[] = [
	machineLocator(show),
	{
		displayName: 'ESG Fields',
		name: 'esgFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'At least one field is required',
		displayOptions: show,
		options: toBodyFields([
			{
				displayName: 'Fuel Consumption Rate',
				name: 'fuelConsumptionRate',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 3 },
				default: 0,
			},
			{
				displayName: 'Fuel Consumption Unit',
				name: 'fuelConsumptionUnit',
				type: 'options',
				options: FUEL_CONSUMPTION_UNITS,
				default: 0,
			},
			{
				displayName: 'Fuel Type',
				name: 'fuelType',
				type: 'options',
				options: FUEL_TYPES,
				default: 1,
			},
		]),
	},
];
