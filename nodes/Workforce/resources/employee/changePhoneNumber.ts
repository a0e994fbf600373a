import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { employeeLocator, employeePath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';
import { prepareEmployeeBody } from './body';

const show = { show: { resource: ['employee'], operation: ['changePhoneNumber'] } };

export const changePhoneNumberOption: INodePropertyOptions = {
	name: 'Change Phone Number',
	value: 'changePhoneNumber',
	action: 'Change the phone number of an employee',
	description: 'Change the login phone number; it changes for all company profiles of the person',
	routing: route({
		method: 'PATCH',
		preSend: [
			prepareEmployeeBody({ required: ['newPhoneNumber'] }),
			employeePath('/change-phone-number'),
		],
	}),
};

export const changePhoneNumberProperties: INodeProperties[] = [
	employeeLocator(show),
	{
		displayName: 'New Phone Number',
		name: 'newPhoneNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: '+4791234567',
		description: 'International format; it is the login username',
		displayOptions: show,
		routing: { send: { type: 'body', property: 'newPhoneNumber' } },
	},
];
