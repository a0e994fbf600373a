import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { CALENDAR_DAY_HINT } from '../../../shared/dateHints';
import { employeeLocator, employeePath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';
import { prepareEmployeeBody } from './body';

const show = { show: { resource: ['employee'], operation: ['endEmployment'] } };

export const endEmploymentOption: INodePropertyOptions = {
	name: 'End Employment',
	value: 'endEmployment',
	action: 'End the employment of an employee',
	description: 'End the active employment; employments in associated project companies end too',
	routing: route({
		method: 'PATCH',
		preSend: [prepareEmployeeBody({ required: ['endDate'] }), employeePath('/end-employment')],
	}),
};

export const endEmploymentProperties: INodeProperties[] = [
	employeeLocator(show),
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: `Last day of the employment. ${CALENDAR_DAY_HINT}.`,
		displayOptions: show,
		routing: { send: { type: 'body', property: 'endDate' } },
	},
];
