import type { INodeProperties } from 'n8n-workflow';

import { download, downloadOption, downloadProperties } from './download';

export const fileDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['file'] } },
		options: [downloadOption],
		default: 'download',
	},
	...downloadProperties,
];

/** Custom operations of the File resource. */
export const fileOperations = { download };
