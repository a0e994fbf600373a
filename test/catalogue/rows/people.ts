import type { INodeParameters } from 'n8n-workflow';

import { DEMO, type Fixture } from '../../support/emulatorFixture';
import { person, PEOPLE } from '../../support/people';
import { enc, MAPPED_EMPTY, refusedInPath, rl, type Row } from '../runner';

const USERS = '/api/v4/integration/users';
const EMPLOYEES = '/api/v5/integration/employees';

const createUser = (over: INodeParameters = {}, fields: INodeParameters = {}): INodeParameters => ({
	resource: 'user',
	operation: 'create',
	companyId: DEMO.companies.parent,
	employeeNumber: '7200',
	firstName: 'Cat',
	lastName: 'Alogue',
	mobileWork: '+4790000300',
	birthDate: '1990-01-01',
	employmentStartDate: '2026-01-01',
	additionalFields: fields,
	...over,
});
const createEmployee = (over: INodeParameters = {}): INodeParameters => ({
	resource: 'employee',
	operation: 'create',
	employeeNumber: '8200',
	firstName: 'Cat',
	lastName: 'Alogue',
	phone: '+4790000400',
	birthDate: '1990-01-01',
	employmentStartDate: '2026-01-01',
	...over,
});
const employee = (
	operation: string,
	over: INodeParameters = {},
	number: string = PEOPLE.worker,
): INodeParameters => ({
	resource: 'employee',
	operation,
	employee: rl('employeeNumber', number),
	...over,
});

export const userRows: Row[] = [
	{
		resource: 'user',
		category: 'missing field',
		label: 'create: last name mapped to an empty value',
		parameters: createUser({ lastName: MAPPED_EMPTY }),
		error: { field: /^Last Name is empty/, fix: /Enter|Last Name/ },
		requests: [],
	},
	{
		resource: 'user',
		category: 'impossible range',
		label: 'create: employment ends before it starts',
		parameters: createUser({}, { employmentEndDate: '2025-01-01' }),
		error: {
			field: /employmentEndDate: 'employmentEndDate' must not be before 'employmentStartDate'/,
			fix: /Correct the field\(s\) named above/,
		},
		requests: [`POST ${USERS} 400`],
	},
	{
		resource: 'user',
		category: 'wrong type',
		label: 'create: birth date mapped to a number',
		items: [{ json: { born: 19900101 } }],
		parameters: createUser({ birthDate: '={{ $json.born }}' }),
		error: { field: /Birth Date is not a valid date/, fix: /yyyy-MM-dd|dd\.MM\.yyyy/ },
		requests: [],
	},
	{
		resource: 'user',
		category: 'malformed date',
		label: 'get many: changed since "last week"',
		items: [{ json: { since: 'last week' } }],
		parameters: {
			resource: 'user',
			operation: 'getAll',
			returnAll: true,
			filters: { changedSince: '={{ $json.since }}' },
		},
		error: {
			field: /changedSince: 'changedSince' must be an ISO 8601 date-time/,
			fix: /Correct the field\(s\) named above/,
		},
		requests: [`GET ${USERS} 400`],
	},
	{
		resource: 'user',
		category: 'out of range',
		label: 'get many: employment lookback of -5 days',
		items: [{ json: { days: -5 } }],
		parameters: {
			resource: 'user',
			operation: 'getAll',
			returnAll: true,
			filters: { employmentLookbackDays: '={{ $json.days }}' },
		},
		error: {
			field: /employmentLookbackDays: .*\(0 or more\)/,
			fix: /Correct the field\(s\) named above/,
		},
		requests: [`GET ${USERS} 400`],
	},
	{
		resource: 'user',
		category: 'unknown id',
		label: 'get by profile id: unknown id',
		parameters: {
			resource: 'user',
			operation: 'getByProfileId',
			user: rl('id', 'no-such-profile'),
		},
		error: {
			field:
				/No user with profile ID "no-such-profile".*profileId: User profile 'no-such-profile' was not found/,
			fix: /"no-such-profile" is not shaped like a generated ID .*: check the profile ID/,
		},
		requests: [`GET ${USERS}/by-profile-id/no-such-profile 404`],
	},
	{
		resource: 'user',
		category: 'odd id',
		label: 'update: profile id with space, / and ø stays one encoded segment',
		parameters: {
			resource: 'user',
			operation: 'update',
			user: rl('id', 'a b/ø'),
			updateFields: { workTitle: 'x' },
		},
		error: { field: /a b\/ø/, fix: /is not shaped like a generated ID/ },
		requests: [`PATCH ${USERS}/${enc('a b/ø')} 404`],
	},
	{
		resource: 'user',
		category: 'odd id',
		label: 'get by employee number "AB/12 #3?ø" finds the user',
		parameters: {
			resource: 'user',
			operation: 'getByEmployeeNumber',
			user: rl('employeeNumber', PEOPLE.awkward),
		},
		requests: [`GET ${USERS}/by-employee-number/${enc(PEOPLE.awkward)} 200`],
		output: (json) =>
			expect(json).toEqual([expect.objectContaining({ employeeNumber: PEOPLE.awkward })]),
	},
	refusedInPath(
		{
			resource: 'user',
			label: 'delete: identity id "." is refused (it would be DELETE /users/)',
			parameters: { resource: 'user', operation: 'delete', user: rl('id', '.') },
		},
		'User ID',
		'.',
		'User',
	),
];

export const employeeRows: Row[] = [
	{
		resource: 'employee',
		category: 'impossible range',
		label: 'replace tags: payroll tag range ending before it starts',
		parameters: employee('replaceTags', {
			tags: {
				assignment: [
					{
						tagId: PEOPLE.tags.hazardPay,
						applicableFromDate: '2026-06-01',
						applicableToDate: '01.01.2026',
					},
				],
			},
		}),
		error: {
			field: /^Tag 1: Applicable To is before Applicable From/,
			fix: /must not be before its start \(field "applicableToDate"\)/,
		},
		requests: [],
	},
	{
		resource: 'employee',
		category: 'missing field',
		label: 'search: query mapped to an empty value',
		parameters: { resource: 'employee', operation: 'search', query: MAPPED_EMPTY, returnAll: true },
		error: { field: /Query/, fix: /Enter/ },
		requests: [],
	},
	{
		resource: 'employee',
		category: 'impossible range',
		label: 'create employment: end date before the start date',
		parameters: employee('createEmployment', {
			startDate: '2027-03-01',
			employmentFields: { endDate: '2027-01-01' },
		}),
		error: {
			field: /endDate: 'endDate' must not be before 'startDate'/,
			fix: /Correct the field\(s\) named above/,
		},
		requests: [`POST ${EMPLOYEES}/${PEOPLE.worker}/create-employment 400`],
	},
	{
		resource: 'employee',
		category: 'malformed date',
		label: 'end employment: 30 February',
		parameters: employee('endEmployment', { endDate: '2026-02-30' }),
		error: { field: /^End Date is not a valid date/, fix: /yyyy-MM-dd|dd\.MM\.yyyy/ },
		requests: [],
	},
	{
		resource: 'employee',
		category: 'malformed date',
		label: 'end employment: an invalid Date from an expression',
		parameters: employee('endEmployment', { endDate: "={{ new Date('tomorrow') }}" }),
		error: {
			field: /^End Date is not a valid date: "Invalid Date"/,
			fix: /yyyy-MM-dd|dd\.MM\.yyyy/,
		},
		requests: [],
	},
	{
		resource: 'employee',
		category: 'wrong type',
		label: 'create: phone mapped to a number without +',
		items: [{ json: { phone: 4790000400 } }],
		parameters: createEmployee({ phone: '={{ $json.phone }}' }),
		error: { field: /^Phone must be a phone number in international format/, fix: /\+/ },
		requests: [],
	},
	{
		resource: 'employee',
		category: 'out of range',
		label: 'search: limit 0',
		parameters: {
			resource: 'employee',
			operation: 'search',
			query: 'Hansen',
			returnAll: false,
			limit: 0,
		},
		error: { field: /^Limit must be a whole number of 1 or more/, fix: /Set Limit to 1 or more/ },
		requests: [],
	},
	{
		resource: 'employee',
		category: 'unknown id',
		label: 'change phone number: unknown employee',
		parameters: employee('changePhoneNumber', { newPhoneNumber: '+4790000999' }, '9999'),
		error: {
			field:
				/No employee with employee number "9999".*employeeNumber: Employee '9999' was not found/,
			fix: /Check the employee number/,
		},
		requests: [`PATCH ${EMPLOYEES}/9999/change-phone-number 404`],
	},
	{
		resource: 'employee',
		category: 'odd id',
		label: 'get: employee number "AB/12 #3?ø" finds the employee',
		parameters: employee('get', {}, PEOPLE.awkward),
		requests: [`GET ${EMPLOYEES}/${enc(PEOPLE.awkward)} 200`],
		output: (json, fx: Fixture) =>
			expect(json).toEqual([
				expect.objectContaining({
					employeeNumber: PEOPLE.awkward,
					identityId: person(fx, PEOPLE.awkward).identityId,
				}),
			]),
	},
	refusedInPath(
		{
			resource: 'employee',
			label: 'get: employee number "." is refused (it would list every employee)',
			parameters: employee('get', {}, '.'),
		},
		'Employee number',
		'.',
		'Employee',
	),
];
