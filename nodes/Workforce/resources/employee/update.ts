import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { toBodyFields } from '../../helpers/options';
import { employeeLocator, employeePath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';
import { prepareEmployeeBody } from './body';
import { birthDateField, phoneField, profileFields } from './fields';

const show = { show: { resource: ['employee'], operation: ['update'] } };

/** The spec's PATCH fields; work card fields are not among them. */
const patchable = [
	{ displayName: 'First Name', name: 'firstName', type: 'string' as const, default: '' },
	{ displayName: 'Last Name', name: 'lastName', type: 'string' as const, default: '' },
	phoneField,
	birthDateField,
	...profileFields.filter((f) => !f.name.startsWith('workCard')),
].sort((a, b) => a.displayName.localeCompare(b.displayName));

export const updateOption: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update an employee',
	description:
		'True PATCH: fields you set change, fields you list under Fields to Clear are emptied, the rest stay',
	routing: route({
		method: 'PATCH',
		preSend: [
			prepareEmployeeBody({ partial: true, clearParameter: 'fieldsToClear' }),
			employeePath(),
		],
	}),
};

export const updateProperties: INodeProperties[] = [
	employeeLocator(show),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show,
		options: toBodyFields(patchable),
	},
	{
		displayName: 'Fields to Clear',
		name: 'fieldsToClear',
		type: 'multiOptions',
		options: [
			{ name: 'Address', value: 'address' },
			{ name: 'Car Registration Number', value: 'carRegistrationNumber' },
			{ name: 'Closest Relative', value: 'closestRelative' },
			{ name: 'Email', value: 'email' },
			{ name: 'Personal Info', value: 'personalInfo' },
			{ name: 'Work Title', value: 'workTitle' },
		],
		default: [],
		description:
			'Fields to empty on the service (sent as null). Names, phone and birth date cannot be cleared.',
		displayOptions: show,
	},
];
