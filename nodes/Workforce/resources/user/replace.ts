import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { readUserLocator, userByEmployeeNumber, userLocator } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';
import { workforceJson } from '../../../shared/transport';
import { prepareUserBody } from './body';
import { completeUserProperties } from './fields';

const show = { show: { resource: ['user'], operation: ['replace'] } };

/**
 * PUT takes the identity id in the path and both the identity id and the company profile id in
 * the body: find the profile of the chosen user in the company being written.
 */
async function identifyUser(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const body = (requestOptions.body ?? {}) as IDataObject;
	const { mode, value } = readUserLocator(this);
	let user: IDataObject | undefined;
	if (mode === 'employeeNumber') {
		user = await userByEmployeeNumber(this, value);
	} else {
		const companyId = String(body.companyId ?? '').trim();
		const users = (await workforceJson.call(this, {
			method: 'GET',
			path: '/api/v4/integration/users',
			qs: companyId ? { companyId } : undefined,
			what: 'Looking up the user to replace',
			itemIndex: this.getItemIndex(),
		})) as IDataObject[];
		user = (Array.isArray(users) ? users : []).find((u) => u.identityId === value);
		if (!user) {
			throw new NodeOperationError(
				this.getNode(),
				`No user with identity ID "${value}" in company "${companyId}"`,
				{
					description:
						'Check "User" and "Company ID": Replace writes the profile of that user in that company.',
					itemIndex: this.getItemIndex(),
				},
			);
		}
	}
	body.identityId = user.identityId;
	body.companyProfileId = user.companyProfileId;
	requestOptions.body = body;
	requestOptions.url = `/api/v4/integration/users/${encodeURIComponent(String(user.identityId))}`;
	return requestOptions;
}

export const replaceOption: INodePropertyOptions = {
	name: 'Replace',
	value: 'replace',
	action: 'Replace a user',
	description: 'Send the complete user: every optional field you leave out is cleared',
	routing: route({ method: 'PUT', preSend: [prepareUserBody('full'), identifyUser] }),
};

export const replaceProperties: INodeProperties[] = [
	userLocator(show, 'identityId'),
	{
		displayName: 'Replace sends the complete user: optional fields not set below are cleared',
		name: 'replaceNotice',
		type: 'notice',
		default: '',
		displayOptions: show,
	},
	...completeUserProperties(
		show,
		{ name: 'fields', displayName: 'Fields' },
		"ID of the user's company",
	),
];
