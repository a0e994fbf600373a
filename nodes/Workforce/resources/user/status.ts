import type {
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { readUserLocator, userLocator, userPath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';

/** The service answers 204; say what happened to whom. */
function statusItem(action: 'enabled' | 'disabled') {
	return async function (this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
		const { mode, value } = readUserLocator(this);
		return [
			{
				json: {
					success: true,
					action,
					[mode === 'employeeNumber' ? 'employeeNumber' : 'companyProfileId']: value,
				},
			},
		];
	};
}

function option(action: 'enable' | 'disable'): INodePropertyOptions {
	return {
		name: action === 'enable' ? 'Enable' : 'Disable',
		value: action,
		action: `${action === 'enable' ? 'Enable' : 'Disable'} a user`,
		description:
			action === 'enable' ? 'Let the user log in again' : 'Stop the user from logging in',
		routing: route({
			method: 'PATCH',
			preSend: [userPath(`/api/v4/integration/users/${action}/{id}`, 'companyProfileId')],
			postReceive: [statusItem(action === 'enable' ? 'enabled' : 'disabled')],
		}),
	};
}

export const enableOption = option('enable');
export const disableOption = option('disable');

export const statusProperties: INodeProperties[] = [
	userLocator(
		{ show: { resource: ['user'], operation: ['enable', 'disable'] } },
		'companyProfileId',
	),
];
