import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { CALENDAR_DAY_HINT } from '../../../shared/dateHints';
import { toBodyFields } from '../../helpers/options';
import { employeeLocator, employeePath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';
import { prepareEmployeeBody } from './body';
import { employmentFields } from './fields';

const show = { show: { resource: ['employee'], operation: ['createEmployment'] } };

export const createEmploymentOption: INodePropertyOptions = {
	name: 'Create Employment',
	value: 'createEmployment',
	action: 'Create an employment for an employee',
	description: 'Start a new employment; the previous one ends the day before the new start date',
	routing: route({
		method: 'POST',
		preSend: [prepareEmployeeBody({ required: ['startDate'] }), employeePath('/create-employment')],
	}),
};

export const createEmploymentProperties: INodeProperties[] = [
	employeeLocator(show),
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: `First day of the new employment. ${CALENDAR_DAY_HINT}.`,
		displayOptions: show,
		routing: { send: { type: 'body', property: 'startDate' } },
	},
	{
		displayName: 'Employment Fields',
		name: 'employmentFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields(employmentFields),
	},
];
