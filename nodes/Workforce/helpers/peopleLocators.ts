import {
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
	type PreSendAction,
} from 'n8n-workflow';

import { workforceJson } from '../../shared/transport';
import { readLocator, resourceLocator, type LocatorSpec } from './locators';
import { notFoundOf, PICKERS } from './pickerHints';

/** Which id of a v4 user an endpoint takes in its path. */
export type UserKey = 'identityId' | 'companyProfileId' | 'employeeNumber';

const USER_LIST_METHOD: Record<UserKey, string> = {
	identityId: 'searchUsersByIdentity',
	companyProfileId: 'searchUsersByProfile',
	employeeNumber: 'searchUsersByNumber',
};

const ID_MODE: Record<
	Exclude<UserKey, 'employeeNumber'>,
	{ displayName: string; placeholder: string }
> = {
	identityId: { displayName: 'By Identity ID', placeholder: 'e.g. auth0|5f1c…' },
	companyProfileId: {
		displayName: 'By Profile ID',
		placeholder: 'e.g. 3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10',
	},
};

/**
 * User (v4) picker: from a searchable list, by the id the endpoint takes, and (unless the
 * endpoint itself is "by employee number" or "by profile id") by employee number, looked up.
 */
export function userLocator(
	displayOptions: INodeProperties['displayOptions'],
	key: UserKey,
	options: { byNumber?: boolean } = {},
): INodeProperties {
	const withId = key !== 'employeeNumber';
	const withNumber = key === 'employeeNumber' || options.byNumber !== false;
	return resourceLocator(
		{
			name: 'user',
			displayName: 'User',
			description: 'The user to work with',
			searchListMethod: USER_LIST_METHOD[key],
			modes: [
				...(withId ? [{ ...ID_MODE[key as Exclude<UserKey, 'employeeNumber'>], name: 'id' }] : []),
				...(withNumber
					? [
							{
								displayName: 'By Employee Number',
								name: 'employeeNumber',
								placeholder: 'e.g. 1001',
							},
						]
					: []),
			],
		},
		displayOptions,
	);
}

export function readUserLocator(ctx: IExecuteSingleFunctions) {
	return readLocator(
		ctx,
		'user',
		'User',
		'Pick a user from the list, or enter the ID or employee number in "User".',
	);
}

/** Fetches a v4 user by employee number (a clear 404 error when there is none). */
export async function userByEmployeeNumber(
	ctx: IExecuteSingleFunctions,
	employeeNumber: string,
): Promise<IDataObject> {
	return workforceJson.call(ctx, {
		method: 'GET',
		path: `/api/v4/integration/users/by-employee-number/${encodeURIComponent(employeeNumber)}`,
		what: `Looking up the user with employee number "${employeeNumber}"`,
		notFound: notFoundOf(PICKERS.userByIdentity, 'employeeNumber', employeeNumber),
		itemIndex: ctx.getItemIndex(),
	}) as Promise<IDataObject>;
}

/** The id the endpoint needs, looking an employee number up when one was given. */
export async function resolveUser(ctx: IExecuteSingleFunctions, key: UserKey): Promise<string> {
	const { mode, value } = readUserLocator(ctx);
	if (mode !== 'employeeNumber' || key === 'employeeNumber') return value;
	const user = await userByEmployeeNumber(ctx, value);
	return String(user[key]);
}

/** Sets the request path from a template holding `{id}`; the id is URL-encoded. */
export function userPath(template: string, key: UserKey): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const id = await resolveUser(this, key);
		requestOptions.url = template.replace('{id}', encodeURIComponent(id));
		return requestOptions;
	};
}

const EMPLOYEE: LocatorSpec = {
	name: 'employee',
	displayName: 'Employee',
	description: 'The employee to work with',
	searchListMethod: 'searchEmployees',
	modes: [{ displayName: 'By Employee Number', name: 'employeeNumber', placeholder: 'e.g. 1001' }],
};

/** Employee (v5) picker: from a searchable list or by employee number (the v5 identifier). */
export function employeeLocator(
	displayOptions: INodeProperties['displayOptions'],
	description?: string,
): INodeProperties {
	return resourceLocator(EMPLOYEE, displayOptions, description);
}

export function readEmployeeNumber(ctx: IExecuteSingleFunctions): string {
	return readLocator(
		ctx,
		'employee',
		'Employee',
		'Pick an employee from the list, or enter the employee number in "Employee".',
	).value;
}

/** Sets `/api/v5/integration/employees/{employeeNumber}{tail}`, the number URL-encoded. */
export function employeePath(tail = ''): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		requestOptions.url = `/api/v5/integration/employees/${encodeURIComponent(readEmployeeNumber(this))}${tail}`;
		return requestOptions;
	};
}
