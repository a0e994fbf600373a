import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { userLocator, userPath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['user'], operation: ['getByProfileId'] } };

export const getByProfileIdOption: INodePropertyOptions = {
	name: 'Get by Profile ID',
	value: 'getByProfileId',
	action: 'Get a user by profile ID',
	description: 'Get a user (v4) by its company profile ID',
	routing: route({
		method: 'GET',
		preSend: [userPath('/api/v4/integration/users/by-profile-id/{id}', 'companyProfileId')],
	}),
};

export const getByProfileIdProperties: INodeProperties[] = [
	userLocator(show, 'companyProfileId', { byNumber: false }),
];
