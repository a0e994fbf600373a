import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/options';
import { route } from '../../helpers/routing';
import { includeField, sendIncludes, subsidiariesField } from './includes';

const show = { show: { resource: ['employee'], operation: ['getAll'] } };

export const getManyOption: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many employees',
	description: "List the company's employees (v5)",
	routing: route({ method: 'GET', url: '/api/v5/integration/employees', preSend: [sendIncludes] }),
};

export const getManyProperties: INodeProperties[] = [
	...returnAllAndLimit(show),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: 'Employee Number',
				name: 'employeeNumber',
				type: 'string',
				default: '',
				description: 'Only the employee with this number',
			},
			includeField,
			subsidiariesField,
		],
	},
];
