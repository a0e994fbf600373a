import type {
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { projectLocator, projectPath, readProjectLocator } from '../../helpers/locators';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['project'], operation: ['delete'] } };

/** The service answers 204; say what was deleted. */
async function deletedItem(this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
	const { mode, value } = readProjectLocator(this);
	return [
		{
			json: {
				deleted: true,
				resource: 'project',
				[mode === 'projectNumber' ? 'projectNumber' : 'id']: value,
			},
		},
	];
}

export const deleteOption: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a project',
	routing: route({
		method: 'DELETE',
		preSend: [projectPath('/api/v4/integration/projects/{projectId}')],
		postReceive: [deletedItem],
	}),
};

export const deleteProperties: INodeProperties[] = [projectLocator(show)];
