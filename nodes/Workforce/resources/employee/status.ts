import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { employeeLocator, employeePath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';

export const enableOption: INodePropertyOptions = {
	name: 'Enable',
	value: 'enable',
	action: 'Enable an employee',
	description: 'Let the employee log in again; returns the updated employee',
	routing: route({ method: 'PATCH', preSend: [employeePath('/enable')] }),
};

export const disableOption: INodePropertyOptions = {
	name: 'Disable',
	value: 'disable',
	action: 'Disable an employee',
	description:
		'Stop the employee from logging in, in every company of the structure; returns the updated employee',
	routing: route({ method: 'PATCH', preSend: [employeePath('/disable')] }),
};

export const statusProperties: INodeProperties[] = [
	employeeLocator({ show: { resource: ['employee'], operation: ['enable', 'disable'] } }),
];
