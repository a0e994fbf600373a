import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import type { WorkforceContext } from '../../../shared/transport';
import type { DecodedPage } from '../../../shared/extraction/pageDecoder';
import {
	paginate,
	type PaginateOptions,
	type StreamPage,
} from '../../../shared/extraction/pageLoop';
import { planPartitions, type PagePartition, type PartitionRequest } from './partitions/plan';
import { partitionedPages } from './partitions/scheduler';
import { runStretch, type ResumeState, type Stretch } from './resume';

/**
 * The run's pages: one token stream, or (Partition By) partitions planned and checked before any
 * request and read side by side. The one maker of ExtractionPage (numbered across partitions).
 */

/** The envelope's facts that pages carry on (Include Page Facts; Get Images' source). */
export interface PageEnvelope {
	syncTypeName?: string;
	recordCount?: number;
	deletedRecordCount?: number;
	meta?: IDataObject;
}

/** A page in output order, with what the run knows about it beyond its stream. */
export interface OrderedPage<P extends DecodedPage> {
	page: StreamPage<P>;
	partition?: PagePartition;
	/** Whether streams after this page's own follow it. */
	laterStreams: boolean;
	/** Its slice's stretch, or the run's whole window. */
	stretch: Stretch;
}

export interface ExtractionPage<P extends DecodedPage = DecodedPage>
	extends Pick<OrderedPage<P>, 'partition' | 'stretch'>,
		Pick<StreamPage<P>, 'decoded' | 'bytes'> {
	/** 1 for the first page, counted across partitions. */
	pageNumber: number;
	readonly records: IDataObject[];
	recordsOnPage: number;
	envelope: PageEnvelope;
	/** Whether another page follows (in this partition or a later one). */
	hasMore: boolean;
}

export interface Partitioning extends PartitionRequest {
	parallel: number;
	/** Bytes of later partitions' pages that may wait for the sink (default READ_AHEAD_BYTES). */
	budgetBytes?: number;
}

export interface PageStreamOptions<P extends DecodedPage> extends PaginateOptions<P> {
	partitioning?: Partitioning;
	/** Issue 34: a failed slice ends the pages at its start (said here) instead of throwing; unpartitioned runs still throw. */
	resume?: ResumeState;
}

export function pageStream<P extends DecodedPage = DecodedPage>(
	this: WorkforceContext,
	options: PageStreamOptions<P>,
): AsyncGenerator<ExtractionPage<P>> {
	const { partitioning, resume, ...stream } = options;
	if (!partitioning)
		return numbered(oneStream((paginate<P>).call(this, stream), runStretch(options.qs ?? {})));
	try {
		const partitions = planPartitions(options.qs ?? {}, partitioning, Date.now())!;
		return numbered((partitionedPages<P>).call(this, partitions, partitioning, stream, resume));
	} catch (error) {
		// Its message, and its description (how to fix the plan).
		throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: options.itemIndex });
	}
}

async function* oneStream<P extends DecodedPage>(
	pages: AsyncGenerator<StreamPage<P>>,
	window: Stretch,
): AsyncGenerator<OrderedPage<P>> {
	for await (const page of pages) yield { page, laterStreams: false, stretch: window };
}

async function* numbered<P extends DecodedPage>(
	ordered: AsyncGenerator<OrderedPage<P>>,
): AsyncGenerator<ExtractionPage<P>> {
	let pageNumber = 0;
	for await (const { page, partition, laterStreams, stretch } of ordered) {
		const { decoded } = page;
		yield {
			pageNumber: ++pageNumber,
			get records() {
				return decoded.records;
			},
			recordsOnPage: decoded.count,
			envelope: decoded.envelope as PageEnvelope,
			hasMore: page.hasMore || laterStreams,
			decoded,
			bytes: page.bytes,
			partition,
			stretch,
		};
	}
}
