import type { IDataObject } from 'n8n-workflow';

import type { ScannedPage } from './pageScan';

/** What the page loop hands on: one page of an extraction endpoint, in the order a single stream gives. */

/** The facts of one page besides its records. */
export interface PageEnvelope {
	syncTypeName?: string;
	recordCount?: number;
	deletedRecordCount?: number;
	meta?: IDataObject;
	links?: IDataObject;
	continuationToken?: string;
}

/** The window a page's partition covers, when the run is split into partitions. */
export interface PagePartition {
	/** 0 for the first partition. */
	index: number;
	count: number;
	/** The partition's window as sent (From/To or ModifiedSince/ModifiedBefore), when it has one. */
	from?: string;
	to?: string;
}

export interface ExtractionPage {
	/** 1 for the first page (counted across partitions, in output order). */
	pageNumber: number;
	/** The records (on a scanned page, parsed from its bytes when first read). */
	readonly records: IDataObject[];
	/** How many records the page holds. */
	recordsOnPage: number;
	envelope: PageEnvelope;
	/** Whether another page follows (in this partition or a later one). */
	hasMore: boolean;
	/** Records received up to and including this page. */
	recordsSoFar: number;
	/** Set when the caller asked for a scan and the page allowed one: its records as spans of its bytes, not objects. */
	scanned?: ScannedPage;
	/** Size of the page's answer (characters of its text, or bytes), for the budget of pages read ahead. */
	bytes?: number;
	/** Absent when the run is not partitioned. */
	partition?: PagePartition;
}
