import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { toBodyFields } from '../../helpers/options';

const DATE_HINT = 'Format dd.MM.yyyy or yyyy-MM-dd';

/** Key/value tags of a v4 user (the body's `tags`, turned into an array before sending). */
export const userTagsField: INodeProperties = {
	displayName: 'Tags',
	name: 'tags',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Tag',
	default: {},
	description: 'Key/value tags of the user',
	options: [
		{
			displayName: 'Tag',
			name: 'tag',
			values: [
				{ displayName: 'Key', name: 'key', type: 'string', default: '' },
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
};

/** The required fields of the specification's User (v4) table. */
export const requiredUserFields: INodeProperties[] = [
	{
		displayName: 'Employee Number',
		name: 'employeeNumber',
		type: 'string',
		default: '',
		description: 'Unique within the company',
	},
	{ displayName: 'First Name', name: 'firstName', type: 'string', default: '' },
	{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '' },
	{
		displayName: 'Mobile (Work)',
		name: 'mobileWork',
		type: 'string',
		default: '',
		placeholder: '+4791234567',
		description: 'Phone number in international format; used for SMS login',
	},
	{
		displayName: 'Birth Date',
		name: 'birthDate',
		type: 'string',
		default: '',
		placeholder: '31.01.1990',
		description: DATE_HINT,
	},
	{
		displayName: 'Employment Start Date',
		name: 'employmentStartDate',
		type: 'string',
		default: '',
		placeholder: '2026-01-31',
		description: DATE_HINT,
	},
];

/** Every optional field of the User (v4) table. */
export const optionalUserFields: INodeProperties[] = [
	{ displayName: 'Address', name: 'address', type: 'string', default: '' },
	{ displayName: 'Car Registration Number', name: 'carRegNumber', type: 'string', default: '' },
	{
		displayName: 'Card Expiration Date',
		name: 'cardExpirationDate',
		type: 'string',
		default: '',
		placeholder: '2027-12-31',
		description: DATE_HINT,
	},
	{ displayName: 'Card ID', name: 'cardId', type: 'string', default: '' },
	{ displayName: 'Closest Relative', name: 'closestRelative', type: 'string', default: '' },
	{
		displayName: 'Default Resource Number',
		name: 'defaultResourceNumber',
		type: 'string',
		default: '',
	},
	{ displayName: 'Department', name: 'department', type: 'string', default: '' },
	{
		displayName: 'Disabled',
		name: 'isDisabled',
		type: 'boolean',
		default: false,
		description: 'Whether the user is disabled (cannot log in)',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
	},
	{
		displayName: 'Employment End Date',
		name: 'employmentEndDate',
		type: 'string',
		default: '',
		placeholder: '2026-12-31',
		description: `Terminates the employment forward in time. ${DATE_HINT}.`,
	},
	{ displayName: 'Main Project Number', name: 'mainProjectNumber', type: 'string', default: '' },
	{
		displayName: 'Mobile (Private)',
		name: 'mobilePrivate',
		type: 'string',
		default: '',
		placeholder: '+4791234567',
		description: 'Phone number in international format',
	},
	{
		displayName: 'Organization Number',
		name: 'organizationNumber',
		type: 'string',
		default: '',
		description: 'For users of sub-contractor companies',
	},
	{
		displayName: 'Payroll',
		name: 'payroll',
		type: 'options',
		options: [
			{ name: 'Hourly Wage', value: true },
			{ name: 'Fixed Salary', value: false },
		],
		default: true,
	},
	{ displayName: 'Personal Info', name: 'personalInfo', type: 'string', default: '' },
	{
		displayName: 'Work Time Arrangement Name',
		name: 'worktimeArrangementName',
		type: 'string',
		default: '',
	},
	{ displayName: 'Work Title', name: 'workTitle', type: 'string', default: '' },
];

/** Labels for error messages. */
export const USER_DATE_FIELDS: Record<string, string> = {
	birthDate: 'Birth Date',
	employmentStartDate: 'Employment Start Date',
	employmentEndDate: 'Employment End Date',
	cardExpirationDate: 'Card Expiration Date',
};

export const USER_PHONE_FIELDS: Record<string, string> = {
	mobileWork: 'Mobile (Work)',
	mobilePrivate: 'Mobile (Private)',
};

export const USER_REQUIRED_LABELS: Record<string, string> = {
	companyId: 'Company ID',
	employeeNumber: 'Employee Number',
	firstName: 'First Name',
	lastName: 'Last Name',
	mobileWork: 'Mobile (Work)',
	birthDate: 'Birth Date',
	employmentStartDate: 'Employment Start Date',
};

/**
 * The complete user as Create and Replace send it: the company, the required fields, then every
 * optional field in one collection (Create calls it Additional Fields; Replace, which clears what
 * is left out, calls it Fields).
 */
export function completeUserProperties(
	displayOptions: IDisplayOptions,
	collection: { name: string; displayName: string },
	companyDescription: string,
): INodeProperties[] {
	return [
		{
			displayName: 'Company ID',
			name: 'companyId',
			type: 'string',
			required: true,
			default: '',
			description: companyDescription,
			displayOptions,
			routing: { send: { type: 'body', property: 'companyId' } },
		},
		...requiredUserFields.map((field) => ({
			...field,
			required: true,
			displayOptions,
			routing: { send: { type: 'body' as const, property: field.name } },
		})),
		{
			...collection,
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions,
			options: toBodyFields(
				[...optionalUserFields, userTagsField].sort((a, b) =>
					a.displayName.localeCompare(b.displayName),
				),
			),
		},
	];
}
