import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { route } from '../../helpers/routing';
import { prepareUserBody } from './body';
import { completeUserProperties } from './fields';

const show = { show: { resource: ['user'], operation: ['create'] } };

export const createOption: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a user',
	description: 'Create a user (v4) with its employment',
	routing: route({
		method: 'POST',
		url: '/api/v4/integration/users',
		preSend: [prepareUserBody('full')],
	}),
};

export const createProperties: INodeProperties[] = completeUserProperties(
	show,
	{ name: 'additionalFields', displayName: 'Additional Fields' },
	"ID of the user's company (your own or a subsidiary)",
);
