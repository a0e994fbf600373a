import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { runExtraction } from './execute';
import { downloadImage } from './imageBinary';
import { getImagesProperties } from './imageFields';
import { buildImageQuery } from './imageQuery';

export { getImagesProperties };

export const getImagesOption: INodePropertyOptions = {
	name: 'Get Images',
	value: 'getImages',
	action: 'Get images of feed posts, alerts and checklists',
	description:
		'Images of feed posts, alerts and checklist submissions (one item per image and parent record), page by page',
};

/**
 * GET {reporting_url}/v1/images through the shared extraction loop: one output item per row, each
 * row's identity being (id, collectionRef, idRef); optionally with the image bytes attached.
 */
export async function getImages(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runExtraction.call(this, {
		path: '/v1/images',
		what: 'Get Images',
		limitFix: 'Set Limit to how many images you want, or turn on Return All.',
		query: buildImageQuery,
		timeout: false,
		pageFacts: (page) => ({
			source: (page.decoded.envelope.meta as IDataObject | undefined)?.source,
		}),
		attach: imageAttachment,
	});
}

/** Download Image (shown with Output Items only): each row's image in the named binary property. */
function imageAttachment(this: IExecuteFunctions, itemIndex: number) {
	const size = this.getNodeParameter('downloadImage', itemIndex, 'none') as string;
	if (size === 'none') return undefined;
	const property = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	if (property === '') {
		throw new NodeOperationError(this.getNode(), 'Put Image in Field is empty', {
			description: 'Name the binary property for the image, for example "data".',
			itemIndex,
		});
	}
	return async (row: IDataObject, item: INodeExecutionData) => {
		item.binary = { [property]: await downloadImage.call(this, row, size, itemIndex) };
	};
}
