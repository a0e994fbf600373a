import { NodeApiError, NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodePropertyOptions, type JsonObject } from 'n8n-workflow';

import { paginate } from '../../shared/continuation';
import { downloadImage } from './imageBinary';
import { getImagesProperties } from './imageFields';
import { buildImageQuery, type ImageOptions } from './imageQuery';

export { getImagesProperties };

export const getImagesOption: INodePropertyOptions = {
	name: 'Get Images',
	value: 'getImages',
	action: 'Get many images',
	description: 'Images of feed posts, alerts and checklist submissions (one item per image and parent record), page by page',
};

/**
 * GET {reporting_url}/v1/images through the shared paginator: one output item per row, each
 * row's identity being (id, collectionRef, idRef); optionally with the image bytes attached.
 */
export async function getImages(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
			const limit = returnAll ? Infinity : Number(this.getNodeParameter('limit', itemIndex, 50));
			if (!returnAll && (!Number.isInteger(limit) || limit < 1)) {
				throw new NodeOperationError(this.getNode(), `Limit must be a whole number of at least 1, not ${String(limit)}`, {
					description: 'Set Limit to how many images you want, or turn on Return All.',
					itemIndex,
				});
			}
			const options = this.getNodeParameter('options', itemIndex, {}) as ImageOptions;
			const size = this.getNodeParameter('downloadImage', itemIndex, 'none') as string;
			const binaryProperty = size === 'none' ? '' : String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
			if (size !== 'none' && binaryProperty === '') {
				throw new NodeOperationError(this.getNode(), 'Put Image in Field is empty', { description: 'Name the binary property for the image, for example "data".', itemIndex });
			}
			const qs = await buildImageQuery.call(this, itemIndex, options, returnAll ? undefined : limit);
			const pages = paginate.call(this, {
				path: '/v1/images',
				qs,
				what: 'Get Images',
				itemIndex,
				retry: { attempts: 1 + Math.max(0, Math.floor(options.retries ?? 3)), delayMs: options.retryDelay ?? 1000 },
			});
			let taken = 0;
			for await (const page of pages) {
				const facts: IDataObject | undefined = options.includePageFacts
					? {
							pageNumber: page.pageNumber,
							syncTypeName: page.envelope.syncTypeName,
							recordCount: page.envelope.recordCount,
							deletedRecordCount: page.envelope.deletedRecordCount,
							source: page.envelope.meta?.source,
						}
					: undefined;
				const room = Math.min(page.records.length, limit - taken);
				for (let i = 0; i < room; i++) {
					const row = page.records[i];
					const item: INodeExecutionData = { json: facts ? { ...row, _page: facts } : row, pairedItem: { item: itemIndex } };
					if (binaryProperty) item.binary = { [binaryProperty]: await downloadImage.call(this, row, size, itemIndex) };
					out.push(item);
				}
				taken += room;
				// Leaving the loop ends the generator: no request for a page that is not needed.
				if (taken >= limit) break;
			}
		} catch (error) {
			if (this.continueOnFail()) {
				out.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
				continue;
			}
			// Our errors are already NodeApiError / NodeOperationError; wrapping returns them unchanged.
			if (error instanceof NodeApiError) throw new NodeApiError(this.getNode(), error as unknown as JsonObject);
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		}
	}
	return [out];
}
