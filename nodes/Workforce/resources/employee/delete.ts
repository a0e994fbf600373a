import type {
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { employeeLocator, employeePath, readEmployeeNumber } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['employee'], operation: ['delete'] } };

/** The service answers 204; say what was deleted. */
async function deletedItem(this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
	return [
		{
			json: {
				success: true,
				deleted: true,
				resource: 'employee',
				employeeNumber: readEmployeeNumber(this),
			},
		},
	];
}

export const deleteOption: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete an employee',
	description: 'Delete an employee (check Is Deletable first to see what blocks it)',
	routing: route({ method: 'DELETE', preSend: [employeePath()], postReceive: [deletedItem] }),
};

export const deleteProperties: INodeProperties[] = [employeeLocator(show)];
