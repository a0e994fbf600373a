import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { employeeLocator, employeePath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';
import { prepareEmployeeBody } from './body';

const both = {
	show: {
		resource: ['employee'],
		operation: ['enableInProjectCompany', 'disableInProjectCompany'],
	},
};

export const enableInProjectCompanyOption: INodePropertyOptions = {
	name: 'Enable in Project Company',
	value: 'enableInProjectCompany',
	action: 'Enable an employee in a project company',
	description: 'Make the employee active in another company for its projects',
	routing: route({
		method: 'POST',
		preSend: [
			prepareEmployeeBody({ required: ['projectCompanyId'] }),
			employeePath('/enable-employee-in-project-company'),
		],
	}),
};

export const disableInProjectCompanyOption: INodePropertyOptions = {
	name: 'Disable in Project Company',
	value: 'disableInProjectCompany',
	action: 'Disable an employee in a project company',
	description: 'Make the employee inactive in a project company',
	routing: route({
		method: 'POST',
		preSend: [
			prepareEmployeeBody({ required: ['projectCompanyId'] }),
			employeePath('/disable-employee-in-project-company'),
		],
	}),
};

export const projectCompanyProperties: INodeProperties[] = [
	employeeLocator(both),
	{
		displayName: 'Project Company ID',
		name: 'projectCompanyId',
		type: 'string',
		required: true,
		default: '',
		description: 'ID of the company the employee works for on its projects',
		displayOptions: both,
		routing: { send: { type: 'body', property: 'projectCompanyId' } },
	},
	{
		displayName: 'User Group ID',
		name: 'userGroupId',
		type: 'string',
		default: '',
		description: "Role in the project company; leave empty for the company's user role",
		displayOptions: { show: { resource: ['employee'], operation: ['enableInProjectCompany'] } },
		routing: { send: { type: 'body', property: 'userGroupId' } },
	},
];
