import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { CALENDAR_DAY_HINT } from '../../../shared/dateHints';
import { toBodyFields } from '../../helpers/options';
import { employeeLocator, employeePath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';
import { prepareEmployeeBody } from './body';
import { employmentFields } from './fields';

const show = { show: { resource: ['employee'], operation: ['updateEmployment'] } };

export const updateEmploymentOption: INodePropertyOptions = {
	name: 'Update Employment',
	value: 'updateEmployment',
	action: 'Update the employment of an employee',
	description: 'Change fields of the current active employment; fields you leave out stay',
	routing: route({
		method: 'PATCH',
		preSend: [
			prepareEmployeeBody({ partial: true, clearParameter: 'employmentFieldsToClear' }),
			employeePath('/update-employment'),
		],
	}),
};

export const updateEmploymentProperties: INodeProperties[] = [
	employeeLocator(show),
	{
		displayName: 'Update Fields',
		name: 'employmentUpdateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields(
			[
				{
					displayName: 'Start Date',
					name: 'startDate',
					type: 'dateTime' as const,
					default: '',
					description: CALENDAR_DAY_HINT,
				},
				...employmentFields,
			].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		),
	},
	{
		displayName: 'Fields to Clear',
		name: 'employmentFieldsToClear',
		type: 'multiOptions',
		options: [
			{ name: 'Department', value: 'department' },
			{ name: 'End Date (Make Open-Ended)', value: 'endDate' },
			{ name: 'Main Project Number', value: 'mainProjectNumber' },
		],
		default: [],
		description: 'Fields to empty on the service (sent as null)',
		displayOptions: show,
	},
];
