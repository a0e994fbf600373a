import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { binaryOutputProperty } from '../../helpers/options';
import { downloadEachItem } from '../../helpers/binaryDownload';
import {
	fileReferenceProperty,
	parentProperties,
	readFileReferenceId,
	resolveParentOf,
	documentNotFound,
} from './parent';

const show = { show: { resource: ['document'], operation: ['download'] } };

/** Runs as a custom operation: the bytes become n8n binary data, streamed into n8n's binary store. */
export const downloadOption: INodePropertyOptions = {
	name: 'Download',
	value: 'download',
	action: 'Download a document',
	description: 'Download a document as binary data, with its original file name',
};

export const downloadProperties: INodeProperties[] = [
	...parentProperties('download'),
	fileReferenceProperty('download'),
	binaryOutputProperty(show),
];

export async function download(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await downloadEachItem(this, async (itemIndex) => {
		const parent = await resolveParentOf(this, itemIndex);
		const fileReferenceId = readFileReferenceId(
			this,
			itemIndex,
			this.getNodeParameter('fileReferenceId', itemIndex),
		);
		return {
			request: {
				path: `${parent.documentsPath}/${encodeURIComponent(fileReferenceId)}`,
				what: `Downloading document "${fileReferenceId}"`,
				notFound: documentNotFound(
					(name) => this.getNodeParameter(name, itemIndex, undefined),
					fileReferenceId,
				),
				itemIndex,
				fallbackName: fileReferenceId,
			},
			json: { fileReferenceId, ...parent.label },
		};
	});
}
