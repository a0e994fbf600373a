import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { userLocator, userPath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['user'], operation: ['getByEmployeeNumber'] } };

export const getByEmployeeNumberOption: INodePropertyOptions = {
	name: 'Get by Employee Number',
	value: 'getByEmployeeNumber',
	action: 'Get a user by employee number',
	description: 'Get a user (v4) by employee number',
	routing: route({
		method: 'GET',
		preSend: [userPath('/api/v4/integration/users/by-employee-number/{id}', 'employeeNumber')],
	}),
};

export const getByEmployeeNumberProperties: INodeProperties[] = [
	userLocator(show, 'employeeNumber'),
];
