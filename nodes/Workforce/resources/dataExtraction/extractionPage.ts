import type { IDataObject } from 'n8n-workflow';

import type { DecodedPage } from '../../../shared/extraction/pageDecoder';
import type { Stretch } from './resume';

/** A page as an extraction run hands it on (made by pageStream.ts only). */

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
