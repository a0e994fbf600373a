import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { EXTRACTION_ENDPOINTS } from './endpoints';

/** The value of the Endpoint choice that shows Endpoint Path. */
export const OTHER_PATH = 'otherPath';

const choices: INodePropertyOptions[] = [
	...EXTRACTION_ENDPOINTS.map((e) => ({
		name: e.name,
		value: e.path,
		description: `${e.description} (GET ${e.path})`,
	})),
	{
		name: 'Other Path',
		value: OTHER_PATH,
		description: 'Any v1/ endpoint of the data extraction API this list does not name yet',
	},
].sort((a, b) => a.name.localeCompare(b.name));

/** The endpoint to read, from the table or a typed `v1/...` path: Get Records (Other Endpoint) and the trigger. */
export function endpointFields(displayOptions: {
	show: Record<string, string[]>;
}): INodeProperties[] {
	return [
		{
			displayName: 'Endpoint',
			name: 'endpoint',
			type: 'options',
			options: choices,
			default: 'v1/project',
			description:
				'Which endpoint of the data extraction API to read. An expression may give any v1/... path.',
			displayOptions,
		},
		{
			displayName: 'Endpoint Path',
			name: 'endpointPath',
			type: 'string',
			default: '',
			// Not `required`: n8n would then demand it whenever Endpoint is an expression. chooseEndpoint says when it is empty.
			placeholder: 'e.g. v1/flow-trip-registrations',
			description:
				"Path below the credential's Data Extraction API Base URL, starting with v1/ (letters, digits, - and _ between the slashes). Put query parameters under Additional Query Parameters, not in the path.",
			displayOptions: { show: { ...displayOptions.show, endpoint: [OTHER_PATH] } },
		},
	];
}
