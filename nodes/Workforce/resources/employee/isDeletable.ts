import type {
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { employeeLocator, employeePath, readEmployeeNumber } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['employee'], operation: ['isDeletable'] } };

/** `{ isDeletable, validationErrors }`, with the employee it is about. */
async function withNumber(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.map((item) => ({
		...item,
		json: { employeeNumber: readEmployeeNumber(this), ...item.json },
	}));
}

export const isDeletableOption: INodePropertyOptions = {
	name: 'Is Deletable',
	value: 'isDeletable',
	action: 'Check whether an employee can be deleted',
	description: 'Ask whether the employee can be deleted, and what blocks it',
	routing: route({
		method: 'GET',
		preSend: [employeePath('/deletable')],
		postReceive: [withNumber],
	}),
};

export const isDeletableProperties: INodeProperties[] = [employeeLocator(show)];
