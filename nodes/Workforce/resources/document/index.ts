import type { INodeProperties } from 'n8n-workflow';

import { deleteOption, deleteProperties } from './delete';
import { download, downloadOption, downloadProperties } from './download';
import { getManyOption, getManyProperties } from './getMany';
import { upload, uploadOption, uploadProperties } from './upload';

export const documentDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['document'] } },
		options: [deleteOption, downloadOption, getManyOption, uploadOption],
		default: 'upload',
	},
	...deleteProperties,
	...downloadProperties,
	...getManyProperties,
	...uploadProperties,
];

/** Operations routing cannot do well (multipart upload, binary download). */
export const documentOperations = { upload, download };
