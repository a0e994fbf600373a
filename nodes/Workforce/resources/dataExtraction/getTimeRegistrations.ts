import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { runExtraction } from './execute';
import { extractionFields } from './fields';

export const getTimeRegistrationsOption: INodePropertyOptions = {
	name: 'Get Time Registrations',
	value: 'getTimeRegistrations',
	action: 'Get time registrations',
	description: 'Time registrations (hours, quantities, approval and lock state), page by page',
};

export const getTimeRegistrationsProperties: INodeProperties[] = extractionFields(
	'getTimeRegistrations',
	'time registrations',
);

export async function getTimeRegistrations(
	this: IExecuteFunctions,
): Promise<INodeExecutionData[][]> {
	return await runExtraction.call(this, {
		path: '/v1/time-registrations',
		what: 'Get Time Registrations',
	});
}
