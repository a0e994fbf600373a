import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { pageStream, type ExtractionPage } from './pageStream';
import { readItemBudget } from '../../helpers/itemBudget';
import { outputOrThrow } from '../../helpers/itemErrors';
import { StopRule, type Stop } from '../../helpers/orderedRunner';
import { endOfRun, isResumable } from '../../helpers/resume';
import { isVersion2 } from '../../../shared/nodeVersion';
import { manyItemsHint } from './manyItemsHint';
import { extractionFileName } from './output/fileNames';
import { fileDecoder } from './output/fileDecoder';
import { extractToFile } from './output/fileSink';
import { checkParts, readOutput } from './outputField';
import { readPartitioning } from './partitionOptions';
import { buildQuery, type ExtractionOptions } from './query';
import { pageFacts, readLimit, takeRecords } from './records';
import type { Slice } from './partitions/slices';
import { extractionStop, stretchJson } from './resume';

/** Which endpoint one input item reads: fixed for most operations, chosen per item by others. */
export interface ExtractionTarget {
	/** Path below the extraction base, e.g. `/v1/time-registrations`. */
	path: string;
	/** Label for messages, e.g. "Get Time Registrations". */
	what: string;
	/** The endpoint's own rules on the query, checked before any request (throws a NodeOperationError). */
	check?: (qs: IDataObject) => void;
	/** The query of one item, checked before any request; the time-window extractions' by default. */
	query?: (
		this: IExecuteFunctions,
		itemIndex: number,
		options: ExtractionOptions,
		limit: number | undefined,
	) => IDataObject | Promise<IDataObject>;
	/** How to fix an invalid Limit, in the operation's words. */
	limitFix?: string;
	/** False where the operation has no Request Timeout option (pages wait as long as they take). */
	timeout?: false;
	/** Facts added to each record's `_page` beside the envelope's (Include Page Facts). */
	pageFacts?: (page: ExtractionPage) => IDataObject;
	/**
	 * Output Items only: read once per input item (its parameters checked before any request),
	 * it gives what each output item carries beside its record, e.g. the image's bytes.
	 */
	attach?: (
		this: IExecuteFunctions,
		itemIndex: number,
	) => ((record: IDataObject, item: INodeExecutionData) => Promise<void>) | undefined;
}

/**
 * Runs one paginated extraction per input item, every page fetched through the shared
 * paginator: one output item per record, or (Output: File) one item per part of the file.
 * With a Limit it stops asking once it has enough. Every extraction operation runs here.
 */
export async function runExtraction(
	this: IExecuteFunctions,
	target: ExtractionTarget | ((itemIndex: number) => ExtractionTarget),
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		// A failure part of the way leaves none of this item's records behind (Continue On Fail),
		// unless the run may stop part-way (helpers/resume.ts): then the complete leading stretch stays.
		const before = out.length;
		// In a run that may stop part-way: how it names where it stopped.
		let named: ReturnType<typeof extractionStop> | undefined;
		// The File output's parts (records go to `out` as they come), and where the run stopped.
		let parts: INodeExecutionData[] | undefined;
		let stop: Partial<Stop<Slice>> | undefined;
		try {
			const { path, what, check, ...run } =
				typeof target === 'function' ? target(itemIndex) : target;
			const limit = readLimit(
				this,
				itemIndex,
				run.limitFix ?? 'Set Limit to 1 or more, or turn on Return All.',
			);
			const returnAll = limit === Infinity;
			const options = this.getNodeParameter('options', itemIndex, {}) as ExtractionOptions;
			const output = readOutput(this, itemIndex);
			if (output.mode === 'file') parts = [];
			// Return All into items (a tool's too) holds what it reads: version 2 bounds it (issue 46).
			const budget =
				parts || !this.getNodeParameter('returnAll', itemIndex, false)
					? undefined
					: readItemBudget(this, itemIndex, options, what);
			const attach = output.mode === 'file' ? undefined : run.attach?.call(this, itemIndex);
			const qs = await (run.query ?? buildQuery).call(
				this,
				itemIndex,
				options,
				returnAll ? undefined : limit,
			);
			checkParts(this, output, qs.ChunkLimit, itemIndex);
			const partitions = readPartitioning(this, itemIndex, options);
			// Partitioned, the endpoint's rules (a maximum window) hold for each partition's window.
			if (!partitions) check?.(qs);
			const rule = new StopRule<Slice>(isResumable(this, !returnAll));
			const pages = pageStream.call(this, {
				rule,
				budget,
				partitioning: partitions && { ...partitions, check },
				path,
				qs,
				what,
				itemIndex,
				readAhead: returnAll,
				decoder: output.mode === 'file' ? fileDecoder() : undefined,
				timeout: run.timeout === false ? undefined : (options.timeout ?? 120_000),
				retry: {
					attempts: 1 + Math.max(0, Math.floor(options.retries ?? 3)),
					delayMs: options.retryDelay ?? 1000,
				},
			});
			// Planned and checked: from here on a failure names the rest of the window (a resumable run).
			if (rule.resumable) named = extractionStop(path, qs);
			const window = qs;
			let facts: { page?: ExtractionPage; value?: IDataObject } = {};
			const shape = (record: IDataObject, page: ExtractionPage): IDataObject => {
				if (facts.page !== page) facts = { page, value: pageFacts(page, run.pageFacts?.(page)) };
				return { ...record, _page: facts.value };
			};
			if (output.mode === 'file') {
				// One item per part, in order.
				parts = await extractToFile.call(this, pages, limit, output, {
					baseName: extractionFileName(path, qs),
					shape: options.includePageFacts ? shape : undefined,
					itemIndex,
					stretch: isVersion2(this) ? (stretch) => stretchJson(window, stretch) : undefined,
				});
			} else {
				const toItem = (record: IDataObject, page: ExtractionPage): INodeExecutionData => ({
					json: options.includePageFacts ? shape(record, page) : record,
					pairedItem: { item: itemIndex },
				});
				// Only an attachment makes a record wait (takeRecords awaits only what is a promise).
				await takeRecords(
					pages,
					limit,
					attach
						? async (record, page) => {
								const item = toItem(record, page);
								await attach(record, item);
								out.push(item);
							}
						: (record, page) => {
								out.push(toItem(record, page));
							},
				);
			}
			stop = rule.stop;
		} catch (error) {
			out.length = before;
			// Failed with no slice boundary to stop at (one stream, or not a page): nothing went out.
			if (!named) {
				outputOrThrow(this, error, itemIndex, out);
				continue;
			}
			stop = { error };
		}
		const records = parts?.reduce((sum, part) => sum + (part.json.records as number), 0);
		const delivered = parts
			? { records, parts: records ? parts.length : 0 }
			: { records: out.length - before };
		out.push(...endOfRun(this, itemIndex, parts ?? [], delivered, stop, named));
	}
	manyItemsHint(this, out.length);
	return [out];
}
