import type {
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { readUserLocator, userLocator, userPath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['user'], operation: ['isDeletable'] } };

/** The service answers a bare true or false; name it. */
async function deletableItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const { mode, value } = readUserLocator(this);
	const raw = response.body as unknown;
	const isDeletable = raw === true || raw === 'true';
	return [
		{ json: { [mode === 'employeeNumber' ? 'employeeNumber' : 'identityId']: value, isDeletable } },
	];
}

export const isDeletableOption: INodePropertyOptions = {
	name: 'Is Deletable',
	value: 'isDeletable',
	action: 'Check whether a user can be deleted',
	description: 'Ask whether the user (identity) can be deleted',
	routing: route({
		method: 'GET',
		preSend: [userPath('/api/v4/integration/users/is-identity-deletable/{id}', 'identityId')],
		postReceive: [deletableItem],
	}),
};

export const isDeletableProperties: INodeProperties[] = [userLocator(show, 'identityId')];
