import type { IDataObject } from 'n8n-workflow';

import type { DecodedPage } from '../../../shared/extraction/pageDecoder';
import type { Stretch } from './resume';

/**
 * What an extraction run hands on: its pages in the order a single stream gives, each numbered
 * and counted across the whole run (partitions included). Made by pageStream.ts only.
 */

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

export interface ExtractionPage<P extends DecodedPage = DecodedPage> {
	/** 1 for the first page (counted across partitions, in output order). */
	pageNumber: number;
	/** The records (decoded.records). */
	readonly records: IDataObject[];
	/** How many records the page holds. */
	recordsOnPage: number;
	envelope: PageEnvelope;
	/** Whether another page follows (in this partition or a later one). */
	hasMore: boolean;
	/** Records received up to and including this page. */
	recordsSoFar: number;
	/** The page as the run's decoder made it (a File output's scanned bytes, for one). */
	decoded: P;
	/** Size of the page's answer (characters of its text, or bytes), for the budget of pages read ahead. */
	bytes: number;
	/** Absent when the run is not partitioned. */
	partition?: PagePartition;
	/** The stretch of the window the page's records lie in: its slice's, or the run's whole window. */
	stretch: Stretch;
}
