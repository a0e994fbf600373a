import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { CALENDAR_DAY_HINT } from '../../../shared/dateHints';
import { toBodyFields } from '../../helpers/options';
import { route } from '../../helpers/routing';
import { prepareEmployeeBody } from './body';
import {
	birthDateField,
	employmentFields,
	phoneField,
	profileFields,
	toEmploymentBody,
} from './fields';

const show = { show: { resource: ['employee'], operation: ['create'] } };

export const createOption: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create an employee',
	description: 'Create an employee (v5) together with the first employment',
	routing: route({
		method: 'POST',
		url: '/api/v5/integration/employees',
		preSend: [
			prepareEmployeeBody({
				required: [
					'employeeNumber',
					'firstName',
					'lastName',
					'phone',
					'birthDate',
					'employment.startDate',
				],
			}),
		],
	}),
};

const body = (name: string) => ({ send: { type: 'body' as const, property: name } });

export const createProperties: INodeProperties[] = [
	{
		displayName: 'Employee Number',
		name: 'employeeNumber',
		type: 'string',
		required: true,
		default: '',
		description: 'Unique within the company structure',
		displayOptions: show,
		routing: body('employeeNumber'),
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
	{ ...phoneField, required: true, displayOptions: show, routing: body('phone') },
	{ ...birthDateField, required: true, displayOptions: show, routing: body('birthDate') },
	{
		displayName: 'Employment Start Date',
		name: 'employmentStartDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: `First day of the first employment. ${CALENDAR_DAY_HINT}.`,
		displayOptions: show,
		routing: body('employment.startDate'),
	},
	{
		displayName: 'Employment',
		name: 'employment',
		type: 'collection',
		placeholder: 'Add Employment Field',
		default: {},
		displayOptions: show,
		options: toEmploymentBody(employmentFields),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields(profileFields),
	},
];
