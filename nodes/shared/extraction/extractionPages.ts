import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
} from 'n8n-workflow';

import { CREDENTIAL, type WorkforceContext } from '../transport';
import type { ExtractionPage } from './extractionPage';
import { paginate, partitionLabel, type PaginateOptions } from './pageLoop';
import {
	PartitionPlanError,
	planPartitions,
	type PartitionRequest,
	type PlannedPartition,
} from './partitionPlan';
import { partitionedPages } from './partitionScheduler';
import type { RequestGate } from './requestGate';

/**
 * The page stream of one extraction: one token stream, or (Partition By) its window's partitions
 * read side by side and handed on in the order one stream would give. Planned and checked when
 * called, before any request; the pages come as the caller asks for them.
 */

export interface Partitioning extends PartitionRequest {
	/** Requests in flight at most. */
	parallel: number;
	/** Bytes of later partitions' pages that may wait for the sink (default PAGES_AHEAD_BYTES). */
	budgetBytes?: number;
	/** The endpoint's own rules, checked on each partition's query (a maximum window, for one). */
	check?: (qs: IDataObject) => void;
	/** For tests and figures. */
	gate?: RequestGate;
}

export interface ExtractionPagesOptions extends PaginateOptions {
	partitioning?: Partitioning;
}

/**
 * Pages of later slices waiting for their turn, at most: about twenty pages of 2,500 time
 * registrations. Partitions are read in slices of about this / Parallel Requests (whole days,
 * partitionSlices.ts), so the other streams' look-ahead fits it (see docs/bulk-extraction.md).
 */
export const PAGES_AHEAD_BYTES = 64 * 1024 * 1024;

export function extractionPages(
	this: WorkforceContext,
	options: ExtractionPagesOptions,
): AsyncGenerator<ExtractionPage> {
	const { partitioning, ...stream } = options;
	if (!partitioning) return paginate.call(this, stream);
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
	return runPartitions.call(this, stream, partitions, partitioning);
}

async function* runPartitions(
	this: WorkforceContext,
	stream: PaginateOptions,
	partitions: PlannedPartition[],
	partitioning: Partitioning,
): AsyncGenerator<ExtractionPage> {
	const credentials = await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL);
	// Each partition sends its own window.
	const shared = { ...stream };
	delete shared.qs;
	yield* partitionedPages.call(this, {
		partitions,
		parallel: partitioning.parallel,
		budgetBytes: partitioning.budgetBytes ?? PAGES_AHEAD_BYTES,
		stream: shared,
		credentials,
		gate: partitioning.gate,
	});
}
