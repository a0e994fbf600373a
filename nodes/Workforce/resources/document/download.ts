import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { binaryOutputProperty } from '../../helpers/options';
import { outputOrThrow } from '../../helpers/itemErrors';
import { downloadBinary } from '../../helpers/binaryDownload';
import {
	fileReferenceProperty,
	parentProperties,
	readFileReferenceId,
	resolveParentOf,
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
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const parent = await resolveParentOf(this, itemIndex);
			const fileReferenceId = readFileReferenceId(
				this,
				itemIndex,
				this.getNodeParameter('fileReferenceId', itemIndex),
			);
			const property =
				String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim() || 'data';
			const file = await downloadBinary(this, {
				path: `${parent.documentsPath}/${encodeURIComponent(fileReferenceId)}`,
				what: `Downloading document "${fileReferenceId}"`,
				itemIndex,
				fallbackName: fileReferenceId,
			});
			out.push({
				json: {
					fileReferenceId,
					...parent.label,
					fileName: file.fileName,
					mimeType: file.mimeType,
					fileSize: file.binary.bytes ?? null,
				},
				binary: { [property]: file.binary },
				pairedItem: { item: itemIndex },
			});
		} catch (error) {
			outputOrThrow(this, error, itemIndex, out);
		}
	}
	return [out];
}
