import type {
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { readUserLocator, userLocator, userPath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['user'], operation: ['delete'] } };

/** The service answers 204; say what was deleted. */
async function deletedItem(this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
	const { mode, value } = readUserLocator(this);
	return [
		{
			json: {
				success: true,
				deleted: true,
				resource: 'user',
				[mode === 'employeeNumber' ? 'employeeNumber' : 'identityId']: value,
			},
		},
	];
}

export const deleteOption: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a user',
	description:
		'Delete a user (v4) by identity ID. A 409 means the user changed meanwhile: reload it, do not retry blindly.',
	routing: route({
		method: 'DELETE',
		preSend: [userPath('/api/v4/integration/users/{id}', 'identityId')],
		postReceive: [deletedItem],
	}),
};

export const deleteProperties: INodeProperties[] = [userLocator(show, 'identityId')];
