import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
} from 'n8n-workflow';

import { CREDENTIAL, type WorkforceContext } from '../../../shared/transport';
import type { DecodedPage } from '../../../shared/extraction/pageDecoder';
import {
	paginate,
	type PaginateOptions,
	type StreamPage,
} from '../../../shared/extraction/pageLoop';
import {
	partitionLabel,
	PartitionPlanError,
	planPartitions,
	type PartitionRequest,
	type PlannedPartition,
} from './partitions/plan';
import { partitionedPages } from './partitions/scheduler';
import type { RequestGate } from '../../helpers/requestGate';
import { runStretch, type ResumeState, type Stretch } from './resume';

/**
 * The run's pages: one token stream, or (Partition By) partitions planned and checked before any
 * request and read side by side. The one maker of ExtractionPage (numbered, counted across partitions).
 */

export interface PageEnvelope {
	syncTypeName?: string;
	recordCount?: number;
	deletedRecordCount?: number;
	meta?: IDataObject;
	links?: IDataObject;
	continuationToken?: string;
}

export interface PagePartition {
	index: number;
	count: number;
	/** The partition's window as sent, when it has one. */
	from?: string;
	to?: string;
}

export interface ExtractionPage<P extends DecodedPage = DecodedPage> {
	/** 1 for the first page, counted across partitions. */
	pageNumber: number;
	readonly records: IDataObject[];
	recordsOnPage: number;
	envelope: PageEnvelope;
	/** Whether another page follows (in this partition or a later one). */
	hasMore: boolean;
	recordsSoFar: number;
	/** The page as the run's decoder made it. */
	decoded: P;
	/** Characters of its text, or bytes. */
	bytes: number;
	partition?: PagePartition;
	/** Its slice's stretch, or the run's whole window. */
	stretch: Stretch;
}

export interface Partitioning extends PartitionRequest {
	parallel: number;
	/** Bytes of later partitions' pages that may wait for the sink (default READ_AHEAD_BYTES). */
	budgetBytes?: number;
	/** The endpoint's own rules, checked on each partition's query (a maximum window, for one). */
	check?: (qs: IDataObject) => void;
	gate?: RequestGate;
}

export interface PageStreamOptions<P extends DecodedPage> extends PaginateOptions<P> {
	partitioning?: Partitioning;
	/** Issue 34: a failed slice ends the pages at its start (said here) instead of throwing; unpartitioned runs still throw. */
	resume?: ResumeState;
}

/** Pages of later slices read ahead of the sink, at most: about twenty pages of 2,500 time registrations. */
export const READ_AHEAD_BYTES = 64 * 1024 * 1024;

export function pageStream<P extends DecodedPage = DecodedPage>(
	this: WorkforceContext,
	options: PageStreamOptions<P>,
): AsyncGenerator<ExtractionPage<P>> {
	const { partitioning, resume, ...stream } = options;
	const window = runStretch(options.qs ?? {});
	if (!partitioning) return runPages(oneStream((paginate<P>).call(this, stream), window));
	let partitions: PlannedPartition[];
	try {
		partitions = planPartitions(options.qs ?? {}, partitioning, Date.now())!;
	} catch (error) {
		const plan = error instanceof PartitionPlanError ? error : undefined;
		throw new NodeOperationError(this.getNode(), error as Error, {
			message: plan?.message,
			description: plan?.description,
			itemIndex: options.itemIndex,
		});
	}
	for (const planned of partitions) {
		try {
			partitioning.check?.(planned.qs);
		} catch (error) {
			throw new NodeOperationError(
				this.getNode(),
				`${partitionLabel(planned.partition)}: ${(error as Error).message}`,
				{
					description:
						`Each partition is one window at the service. Choose a shorter Partition By (Day or Week) or more Equal Parts. ${(error as { description?: string }).description ?? ''}`.trim(),
					itemIndex: options.itemIndex,
				},
			);
		}
	}
	return runPages((runPartitions<P>).call(this, stream, partitions, partitioning, window, resume));
}

/** A page in output order, with what the run knows about it beyond its stream. */
interface OrderedPage<P extends DecodedPage> {
	page: StreamPage<P>;
	partition?: PagePartition;
	laterStreams: boolean;
	stretch: Stretch;
}

async function* oneStream<P extends DecodedPage>(
	pages: AsyncGenerator<StreamPage<P>>,
	window: Stretch,
): AsyncGenerator<OrderedPage<P>> {
	for await (const page of pages) yield { page, laterStreams: false, stretch: window };
}

async function* runPartitions<P extends DecodedPage>(
	this: WorkforceContext,
	stream: PaginateOptions<P>,
	partitions: PlannedPartition[],
	partitioning: Partitioning,
	window: Stretch,
	resume: ResumeState | undefined,
): AsyncGenerator<OrderedPage<P>> {
	const credentials = await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL);
	const shared = { ...stream };
	delete shared.qs;
	for await (const { page, slice } of (partitionedPages<P>).call(this, {
		partitions,
		parallel: partitioning.parallel,
		budgetBytes: partitioning.budgetBytes ?? READ_AHEAD_BYTES,
		stream: shared,
		credentials,
		gate: partitioning.gate,
		wholeSlices: resume && {
			stopped: ({ error, slice, page }) =>
				(resume.stop = {
					error,
					startMs: slice.startMs,
					partition: partitionLabel(slice.partition),
					page,
				}),
		},
	}))
		yield {
			page,
			partition: slice.partition,
			laterStreams: !slice.final,
			// An incremental run may have no end.
			stretch: { startMs: slice.startMs, endMs: slice.final ? window.endMs : slice.endMs },
		};
}

async function* runPages<P extends DecodedPage>(
	ordered: AsyncGenerator<OrderedPage<P>>,
): AsyncGenerator<ExtractionPage<P>> {
	let pageNumber = 0;
	let recordsSoFar = 0;
	for await (const { page, partition, laterStreams, stretch } of ordered) {
		const { decoded } = page;
		recordsSoFar += decoded.count;
		yield {
			pageNumber: ++pageNumber,
			get records() {
				return decoded.records;
			},
			recordsOnPage: decoded.count,
			envelope: envelopeOf(decoded.envelope),
			hasMore: page.hasMore || laterStreams,
			recordsSoFar,
			decoded,
			bytes: page.bytes,
			partition,
			stretch,
		};
	}
}

function envelopeOf(body: IDataObject): PageEnvelope {
	const token = body.continuationToken;
	return {
		syncTypeName: body.syncTypeName as string | undefined,
		recordCount: body.recordCount as number | undefined,
		deletedRecordCount: body.deletedRecordCount as number | undefined,
		meta: body.meta as IDataObject | undefined,
		links: body.links as IDataObject | undefined,
		continuationToken: typeof token === 'string' && token !== '' ? token : undefined,
	};
}
