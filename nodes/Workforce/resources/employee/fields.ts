import type { INodeProperties } from 'n8n-workflow';

import { CALENDAR_DAY_HINT } from '../../../shared/dateHints';
/** Payroll of an employment, as the service's integers. */
export const payrollField: INodeProperties = {
	displayName: 'Payroll',
	name: 'payroll',
	type: 'options',
	options: [
		{ name: 'Disabled', value: 0 },
		{ name: 'Enabled', value: 1 },
		{ name: 'Variable', value: 2 },
	],
	default: 0,
	description: 'Whether hours of this employment go to payroll',
};

/** Optional fields of an employment (startDate is asked for separately where it is required). */
export const employmentFields: INodeProperties[] = [
	{ displayName: 'Department', name: 'department', type: 'string', default: '' },
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		description: `Leave empty for an open-ended employment. ${CALENDAR_DAY_HINT}.`,
	},
	{ displayName: 'Main Project Number', name: 'mainProjectNumber', type: 'string', default: '' },
	payrollField,
];

/** Optional profile fields of the specification's Employee (v5) table. */
export const profileFields: INodeProperties[] = [
	{ displayName: 'Address', name: 'address', type: 'string', default: '' },
	{
		displayName: 'Car Registration Number',
		name: 'carRegistrationNumber',
		type: 'string',
		default: '',
	},
	{ displayName: 'Closest Relative', name: 'closestRelative', type: 'string', default: '' },
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
	},
	{ displayName: 'Personal Info', name: 'personalInfo', type: 'string', default: '' },
	{
		displayName: 'Work Card Expiration Date',
		name: 'workCardExpirationDate',
		type: 'dateTime',
		default: '',
		description: CALENDAR_DAY_HINT,
	},
	{ displayName: 'Work Card ID', name: 'workCardId', type: 'string', default: '' },
	{ displayName: 'Work Title', name: 'workTitle', type: 'string', default: '' },
];

export const phoneField: INodeProperties = {
	displayName: 'Phone',
	name: 'phone',
	type: 'string',
	default: '',
	placeholder: '+4791234567',
	description: 'Phone number in international format; it is the login username',
};

export const birthDateField: INodeProperties = {
	displayName: 'Birth Date',
	name: 'birthDate',
	type: 'dateTime',
	default: '',
	description: CALENDAR_DAY_HINT,
};

/** Labels of every v5 field, for error messages. */
export const EMPLOYEE_LABELS: Record<string, string> = {
	employeeNumber: 'Employee Number',
	firstName: 'First Name',
	lastName: 'Last Name',
	phone: 'Phone',
	birthDate: 'Birth Date',
	email: 'Email',
	address: 'Address',
	workTitle: 'Work Title',
	carRegistrationNumber: 'Car Registration Number',
	closestRelative: 'Closest Relative',
	personalInfo: 'Personal Info',
	workCardId: 'Work Card ID',
	workCardExpirationDate: 'Work Card Expiration Date',
	startDate: 'Start Date',
	endDate: 'End Date',
	department: 'Department',
	mainProjectNumber: 'Main Project Number',
	payroll: 'Payroll',
	newEmployeeNumber: 'New Employee Number',
	newPhoneNumber: 'New Phone Number',
	projectCompanyId: 'Project Company ID',
	'employment.startDate': 'Employment Start Date',
	'employment.endDate': 'Employment End Date',
};

export const EMPLOYEE_DATES = [
	'birthDate',
	'workCardExpirationDate',
	'startDate',
	'endDate',
	'employment.startDate',
	'employment.endDate',
];
export const EMPLOYEE_PHONES = ['phone', 'newPhoneNumber'];

/** Routes each option of an employment collection into `employment.<name>` of the body. */
export function toEmploymentBody(fields: INodeProperties[]): INodeProperties[] {
	return fields.map((field) => ({
		...field,
		routing: { send: { type: 'body', property: `employment.${field.name}` } },
	}));
}

export function labelsOf(names: string[]): Record<string, string> {
	return Object.fromEntries(names.map((n) => [n, EMPLOYEE_LABELS[n] ?? n]));
}
