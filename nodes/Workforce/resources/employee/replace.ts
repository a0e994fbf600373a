import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { toBodyFields } from '../../helpers/options';
import { employeeLocator, employeePath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';
import { prepareEmployeeBody } from './body';
import { birthDateField, phoneField, profileFields } from './fields';

const show = { show: { resource: ['employee'], operation: ['replace'] } };
const body = (name: string) => ({ send: { type: 'body' as const, property: name } });

export const replaceOption: INodePropertyOptions = {
	name: 'Replace',
	value: 'replace',
	action: 'Replace an employee',
	description:
		'Send all profile fields: every optional field you leave out is cleared (employments are kept)',
	routing: route({
		method: 'PUT',
		preSend: [
			prepareEmployeeBody({ required: ['firstName', 'lastName', 'birthDate'] }),
			employeePath(),
		],
	}),
};

export const replaceProperties: INodeProperties[] = [
	employeeLocator(show),
	{
		displayName:
			'Replace sends every profile field: optional fields not set below are cleared. Employments change only through the employment operations.',
		name: 'replaceNotice',
		type: 'notice',
		default: '',
		displayOptions: show,
	},
	{
		displayName: 'First Name',
		name: 'firstName',
		type: 'string',
		required: true,
		default: '',
		displayOptions: show,
		routing: body('firstName'),
	},
	{
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		required: true,
		default: '',
		displayOptions: show,
		routing: body('lastName'),
	},
	{ ...birthDateField, required: true, displayOptions: show, routing: body('birthDate') },
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields(
			[
				...profileFields,
				{ ...phoneField, description: 'Changes the login of the identity in all companies' },
			].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		),
	},
];
