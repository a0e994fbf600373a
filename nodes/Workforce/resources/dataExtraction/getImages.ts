import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodePropertyOptions,
} from 'n8n-workflow';

import type { ExtractionPage } from '../../../shared/extraction/extractionPage';
import { extractionPages } from '../../../shared/extraction/extractionPages';
import { downloadImage } from './imageBinary';
import { getImagesProperties } from './imageFields';
import { buildImageQuery, type ImageOptions } from './imageQuery';
import { outputOrThrow } from '../../helpers/itemErrors';
import { extractionFileName } from './output/extractionFileName';
import { extractToFile, scanFor } from './output/fileSink';
import { manyItemsHint } from './output/hint';
import { checkParts, readOutput } from './outputField';
import { readPartitioning } from './partitionOptions';
import { pageFacts, readLimit, takeRecords } from './records';

export { getImagesProperties };

export const getImagesOption: INodePropertyOptions = {
	name: 'Get Images',
	value: 'getImages',
	action: 'Get images of feed posts, alerts and checklists',
	description:
		'Images of feed posts, alerts and checklist submissions (one item per image and parent record), page by page',
};

/**
 * GET {reporting_url}/v1/images through the shared paginator: one output item per row, each
 * row's identity being (id, collectionRef, idRef); optionally with the image bytes attached.
 */
export async function getImages(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		// A failure part of the way leaves none of this item's rows behind (Continue On Fail).
		const before = out.length;
		try {
			const limit = readLimit(
				this,
				itemIndex,
				'Set Limit to how many images you want, or turn on Return All.',
			);
			const options = this.getNodeParameter('options', itemIndex, {}) as ImageOptions;
			const output = readOutput(this, itemIndex);
			// Download Image shows only with Output Items (n8n drops hidden parameters): a File holds the rows.
			const size =
				output.mode === 'file'
					? 'none'
					: (this.getNodeParameter('downloadImage', itemIndex, 'none') as string);
			const binaryProperty =
				size === 'none'
					? ''
					: String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
			if (size !== 'none' && binaryProperty === '') {
				throw new NodeOperationError(this.getNode(), 'Put Image in Field is empty', {
					description: 'Name the binary property for the image, for example "data".',
					itemIndex,
				});
			}
			const qs = await buildImageQuery.call(
				this,
				itemIndex,
				options,
				limit === Infinity ? undefined : limit,
			);
			checkParts(this, output, qs.ChunkLimit, itemIndex);
			const partitions = readPartitioning(this, itemIndex, options);
			const pages = extractionPages.call(this, {
				partitioning: partitions,
				path: '/v1/images',
				qs,
				what: 'Get Images',
				itemIndex,
				// Return All reads every page: ask for the next one while this one is handled.
				prefetch: limit === Infinity,
				scan:
					output.mode === 'file' ? scanFor(output, Boolean(options.includePageFacts)) : undefined,
				retry: {
					attempts: 1 + Math.max(0, Math.floor(options.retries ?? 3)),
					delayMs: options.retryDelay ?? 1000,
				},
			});
			const shape = (row: IDataObject, page: ExtractionPage) =>
				options.includePageFacts
					? { ...row, _page: pageFacts(page, { source: page.envelope.meta?.source }) }
					: row;
			if (output.mode === 'file') {
				// One item per part, in order.
				out.push(
					...(await extractToFile.call(this, pages, limit, output, {
						baseName: extractionFileName('/v1/images', qs),
						shape: options.includePageFacts ? shape : undefined,
						itemIndex,
					})),
				);
				continue;
			}
			await takeRecords(pages, limit, async (row, page) => {
				const json = shape(row, page);
				const item: INodeExecutionData = { json, pairedItem: { item: itemIndex } };
				if (binaryProperty)
					item.binary = { [binaryProperty]: await downloadImage.call(this, row, size, itemIndex) };
				out.push(item);
			});
		} catch (error) {
			out.length = before;
			outputOrThrow(this, error, itemIndex, out);
		}
	}
	manyItemsHint(this, out.length);
	return [out];
}
