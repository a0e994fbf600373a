import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { workforceJson } from '../../shared/transport';

interface UserSummary {
	identityId: string;
	companyProfileId: string;
	employeeNumber: string;
	firstName?: string | null;
	lastName?: string | null;
	isDisabled?: boolean;
}

interface EmployeeSummary {
	employeeNumber: string;
	firstName?: string | null;
	lastName?: string | null;
	isDisabled?: boolean;
}

function label(p: {
	employeeNumber: string;
	firstName?: string | null;
	lastName?: string | null;
	isDisabled?: boolean;
}): string {
	const name = [p.firstName, p.lastName].filter(Boolean).join(' ');
	return `${p.employeeNumber}${name ? ` · ${name}` : ''}${p.isDisabled ? ' (disabled)' : ''}`;
}

async function searchUsers(
	ctx: ILoadOptionsFunctions,
	key: keyof UserSummary,
	filter?: string,
): Promise<INodeListSearchResult> {
	const users = (await workforceJson.call(ctx, {
		method: 'GET',
		path: '/api/v4/integration/users',
		what: 'Listing users',
	})) as UserSummary[];
	const needle = (filter ?? '').trim().toLowerCase();
	const results = (Array.isArray(users) ? users : [])
		.filter((u) => !needle || label(u).toLowerCase().includes(needle))
		.sort(
			(a, b) =>
				Number(a.isDisabled ?? false) - Number(b.isDisabled ?? false) ||
				a.employeeNumber.localeCompare(b.employeeNumber),
		)
		.map((u) => ({ name: label(u), value: String(u[key]) }));
	return { results };
}

/** Users for pickers whose endpoint takes the identity id. */
export async function searchUsersByIdentity(this: ILoadOptionsFunctions, filter?: string) {
	return searchUsers(this, 'identityId', filter);
}

/** Users for pickers whose endpoint takes the company profile id. */
export async function searchUsersByProfile(this: ILoadOptionsFunctions, filter?: string) {
	return searchUsers(this, 'companyProfileId', filter);
}

/** Users for pickers whose endpoint takes the employee number. */
export async function searchUsersByNumber(this: ILoadOptionsFunctions, filter?: string) {
	return searchUsers(this, 'employeeNumber', filter);
}

/** Employees: the service's free-text search when filtering, else the whole list. */
export async function searchEmployees(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const query = (filter ?? '').trim();
	const employees = (await workforceJson.call(this, {
		method: 'GET',
		path: query ? '/api/v5/integration/employees/search' : '/api/v5/integration/employees',
		qs: query ? { query } : undefined,
		what: 'Listing employees',
	})) as EmployeeSummary[];
	const results = (Array.isArray(employees) ? employees : [])
		.sort(
			(a, b) =>
				Number(a.isDisabled ?? false) - Number(b.isDisabled ?? false) ||
				a.employeeNumber.localeCompare(b.employeeNumber),
		)
		.map((e) => ({ name: label(e), value: e.employeeNumber }));
	return { results };
}
