import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { employeeLocator, employeePath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';
import { prepareEmployeeBody } from './body';

const show = { show: { resource: ['employee'], operation: ['changeEmployeeNumber'] } };

export const changeEmployeeNumberOption: INodePropertyOptions = {
	name: 'Change Employee Number',
	value: 'changeEmployeeNumber',
	action: 'Change the number of an employee',
	description: 'Give the employee a new number, unique within the company structure',
	routing: route({
		method: 'PATCH',
		preSend: [
			prepareEmployeeBody({ required: ['newEmployeeNumber'] }),
			employeePath('/change-employee-number'),
		],
	}),
};

export const changeEmployeeNumberProperties: INodeProperties[] = [
	employeeLocator(show, 'The employee, by the current number'),
	{
		displayName: 'New Employee Number',
		name: 'newEmployeeNumber',
		type: 'string',
		required: true,
		default: '',
		description: 'Unique within the company structure',
		displayOptions: show,
		routing: { send: { type: 'body', property: 'newEmployeeNumber' } },
	},
];
