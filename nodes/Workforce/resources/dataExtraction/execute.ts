import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ExtractionPage } from '../../../shared/extraction/extractionPage';
import { extractionPages } from '../../../shared/extraction/extractionPages';
import { outputOrThrow } from '../../helpers/itemErrors';
import { manyItemsHint } from './output/hint';
import { extractionFileName } from './output/extractionFileName';
import { extractToFile, scanFor } from './output/fileSink';
import { checkParts, readOutput } from './outputField';
import { readPartitioning } from './partitionOptions';
import { buildQuery, type ExtractionOptions } from './query';
import { pageFacts, readLimit, takeRecords } from './records';

/** Which endpoint one input item reads: fixed for most operations, chosen per item by others. */
export interface ExtractionTarget {
	/** Path below the extraction base, e.g. `/v1/time-registrations`. */
	path: string;
	/** Label for messages, e.g. "Get Time Registrations". */
	what: string;
	/** The endpoint's own rules on the query, checked before any request (throws a NodeOperationError). */
	check?: (qs: IDataObject) => void;
}

/**
 * Runs one paginated extraction per input item, every page fetched through the shared
 * paginator: one output item per record, or (Output: File) one item per input item carrying the
 * records as a file. With a Limit it stops asking once it has enough.
 */
export async function runExtraction(
	this: IExecuteFunctions,
	target: ExtractionTarget | ((itemIndex: number) => ExtractionTarget),
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		// A failure part of the way leaves none of this item's records behind (Continue On Fail).
		const before = out.length;
		try {
			const { path, what, check } = typeof target === 'function' ? target(itemIndex) : target;
			const limit = readLimit(this, itemIndex, 'Set Limit to 1 or more, or turn on Return All.');
			const returnAll = limit === Infinity;
			const options = this.getNodeParameter('options', itemIndex, {}) as ExtractionOptions;
			const output = readOutput(this, itemIndex);
			const qs = buildQuery.call(this, itemIndex, options, returnAll ? undefined : limit);
			checkParts(this, output, qs.ChunkLimit, itemIndex);
			const partitions = readPartitioning(this, itemIndex, options);
			// Partitioned, the endpoint's rules (a maximum window) hold for each partition's window.
			if (!partitions) check?.(qs);
			const pages = extractionPages.call(this, {
				partitioning: partitions && { ...partitions, check },
				path,
				qs,
				what,
				itemIndex,
				prefetch: returnAll,
				scan:
					output.mode === 'file' ? scanFor(output, Boolean(options.includePageFacts)) : undefined,
				timeout: options.timeout ?? 120_000,
				retry: {
					attempts: 1 + Math.max(0, Math.floor(options.retries ?? 3)),
					delayMs: options.retryDelay ?? 1000,
				},
			});
			let facts: { page?: ExtractionPage; value?: IDataObject } = {};
			const shape = (record: IDataObject, page: ExtractionPage): IDataObject => {
				if (facts.page !== page) facts = { page, value: pageFacts(page) };
				return { ...record, _page: facts.value };
			};
			if (output.mode === 'file') {
				// One item per part, in order.
				out.push(
					...(await extractToFile.call(this, pages, limit, output, {
						baseName: extractionFileName(path, qs),
						shape: options.includePageFacts ? shape : undefined,
						itemIndex,
					})),
				);
				continue;
			}
			await takeRecords(pages, limit, (record, page) => {
				out.push({
					json: options.includePageFacts ? shape(record, page) : record,
					pairedItem: { item: itemIndex },
				});
			});
		} catch (error) {
			out.length = before;
			outputOrThrow(this, error, itemIndex, out);
		}
	}
	manyItemsHint(this, out.length);
	return [out];
}
