import { NodeOperationError } from 'n8n-workflow';

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
 * request and read side by side (partitions/scheduler.ts hands their pages on in output order).
 */

/** A stream's page as the run hands it on: numbered and `hasMore` across partitions, placed in the window. */
export interface ExtractionPage<P extends DecodedPage = DecodedPage> extends StreamPage<P> {
	/** 1 for the first page, counted across partitions. */
	pageNumber: number;
	partition?: PagePartition;
	/** Its slice's stretch, or the run's whole window. */
	stretch: Stretch;
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
	if (!partitioning) return (oneStream<P>).call(this, stream);
	try {
		const partitions = planPartitions(options.qs ?? {}, partitioning, Date.now());
		return (partitionedPages<P>).call(this, partitions, partitioning, stream, resume);
	} catch (error) {
		// Its message, and its description (how to fix the plan).
		throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: options.itemIndex });
	}
}

/** Unpartitioned: the stream's pages, each in the run's whole window. */
async function* oneStream<P extends DecodedPage>(
	this: WorkforceContext,
	options: PaginateOptions<P>,
): AsyncGenerator<ExtractionPage<P>> {
	const stretch = runStretch(options.qs ?? {});
	let pageNumber = 0;
	for await (const page of (paginate<P>).call(this, options))
		yield { ...page, pageNumber: ++pageNumber, stretch };
}
