import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { chooseEndpoint, endpointFields } from '../../../shared/extraction/endpointChoice';
import { checkEndpointWindow } from './endpointWindow';
import { runExtraction } from './execute';
import { extractionFields } from './fields';

export const getRecordsOption: INodePropertyOptions = {
	name: 'Get Records (Other Endpoint)',
	value: 'getRecords',
	action: 'Get records of another extraction endpoint',
	description:
		'Projects, work orders, users, resources, absences, machine hours, checklists, incidents and more, page by page',
};

export const getRecordsProperties: INodeProperties[] = [
	...endpointFields({ show: { resource: ['dataExtraction'], operation: ['getRecords'] } }),
	...extractionFields(
		'getRecords',
		"records, on the endpoint's own date (see the endpoint's description)",
	),
];

/** GET {reporting_url}/v1/... of the chosen endpoint (per item), through the shared extraction loop. */
export async function getRecords(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runExtraction.call(this, (itemIndex) => {
		const endpoint = chooseEndpoint(
			this,
			this.getNodeParameter('endpoint', itemIndex),
			this.getNodeParameter('endpointPath', itemIndex, ''),
			itemIndex,
		);
		return {
			path: `/${endpoint.path}`,
			what: `Get Records (${endpoint.path})`,
			check: (qs) => checkEndpointWindow(this, endpoint, qs, itemIndex),
		};
	});
}
