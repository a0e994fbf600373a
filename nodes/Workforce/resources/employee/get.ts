import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { employeeLocator, employeePath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';
import { includeField, sendIncludes, subsidiariesField } from './includes';

const show = { show: { resource: ['employee'], operation: ['get'] } };

export const getOption: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get an employee',
	description: 'Get an employee (v5) by employee number',
	routing: route({ method: 'GET', preSend: [employeePath(), sendIncludes] }),
};

export const getProperties: INodeProperties[] = [
	employeeLocator(show),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [includeField, subsidiariesField],
	},
];
