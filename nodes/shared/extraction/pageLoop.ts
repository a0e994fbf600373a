import {
	NodeApiError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type JsonObject,
} from 'n8n-workflow';

import { CREDENTIAL, type WorkforceContext } from '../transport';
import type { ExtractionPage, PagePartition } from './extractionPage';
import type { PageBuffers } from './pageBuffers';
import { progressError, type Progress } from './pageErrors';
import { requestPage, type PageRequest, type PageRequestOptions } from './pageRequest';
import { scanPage } from './pageScan';
import { peekNextToken } from './prefetch';

/**
 * The continuation-token loop shared by every extraction operation (time registrations,
 * payroll lines, images) and the trigger. The spec's rule: call with the filter and no token;
 * while the answer's continuationToken is non-empty, send it unchanged as ContinuationToken
 * with every other parameter the same. The token is opaque: never parsed, never altered.
 */

export interface PaginateOptions extends Omit<PageRequestOptions, 'buffers' | 'partition'> {
	/** Path below the extraction base, e.g. `/v1/time-registrations`. */
	path: string;
	/** The filter, resent unchanged on every page. */
	qs?: IDataObject;
	/**
	 * Ask for the next page as soon as its token is known, while the caller handles this one.
	 * Only for callers that read every page (Return All; not the trigger, which stops when its poll budget is spent): one page ahead, never more.
	 */
	prefetch?: boolean;
	/**
	 * Scan each page's bytes instead of parsing them, noting these fields of each record (File
	 * output in NDJSON, see pageScan.ts), the bytes read into `buffers`. A page the scan declines
	 * is parsed as usual.
	 */
	scan?: { fields: readonly string[]; buffers: PageBuffers };
	/** The partition this stream reads, when the run is partitioned: set on each page and named in errors. */
	partition?: PagePartition;
	/** Pages and records of the whole run so far, when several streams make one run (partitions). */
	progress?: Progress;
	/** The credential as already read, when several streams share one run. */
	credentials?: ICredentialDataDecryptedObject;
}

/** Pages of one token stream, fetched as the caller asks for them (one ahead with prefetch). */
export async function* paginate(
	this: WorkforceContext,
	options: PaginateOptions,
): AsyncGenerator<ExtractionPage> {
	const filter = { ...(options.qs ?? {}) };
	delete filter.ContinuationToken;
	const query = (token: string | undefined) =>
		token === undefined ? filter : { ...filter, ContinuationToken: token };
	// Read when a failure is reported, so a prefetched page's error counts the pages before it.
	const progress: Progress = options.progress ?? { pages: 0, records: 0 };
	// Read once: the base URL does not change during a run (n8n core refreshes the token itself).
	const credentials =
		options.credentials ?? (await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL));
	const requestOptions: PageRequestOptions = {
		...options,
		buffers: options.scan?.buffers,
		partition: options.partition && partitionLabel(options.partition),
	};
	const ask = (token: string | undefined) =>
		requestPage.call(this, requestOptions, query(token), progress, credentials);
	let pagesHere = 0;
	let token: string | undefined;
	let ahead: { token: string; request: PageRequest } | undefined;
	do {
		const current = ahead && ahead.token === token ? ahead.request : ask(token);
		ahead = undefined;
		const settled = await current.result;
		// Already a clear NodeApiError (see pageRequest); wrapping returns the same instance.
		if (!settled.ok) throw new NodeApiError(this.getNode(), settled.error as JsonObject);
		if (options.prefetch) {
			// Ask for the next page before parsing this one, so the service builds it meanwhile.
			// Checked against the parsed envelope below; a mismatch is discarded and asked properly.
			const early = peekNextToken(settled.raw);
			if (early !== undefined && early !== token) {
				ahead = { token: early, request: ask(early) };
				// Parsing blocks the event loop: only once the service has answered is the request surely on its way.
				await ahead.request.answered;
			}
		}
		const raw = settled.raw;
		const scan = options.scan;
		// Bytes come only with a scan: the page's buffer goes back to the run's buffers once its lines are written.
		const scanned =
			scan && typeof raw !== 'string'
				? scanPage(raw, scan.fields, () => scan.buffers.give(raw))
				: undefined;
		let body: IDataObject | undefined;
		if (scanned) body = scanned.envelope;
		else if (typeof raw === 'string') body = parsePage(raw);
		else {
			// Declined by the scan: parsed from text, so its buffer is free again at once.
			body = parsePage(utf8.decode(raw));
			scan?.buffers.give(raw);
		}
		if (body === undefined) {
			throw progressError(
				this,
				requestOptions,
				progress,
				`page ${progress.pages + 1} is not the extraction envelope ({ data, continuationToken })`,
				undefined,
			);
		}
		const records = scanned
			? undefined
			: Array.isArray(body.data)
				? (body.data as IDataObject[])
				: [];
		const count = scanned ? scanned.count : records!.length;
		const next =
			typeof body.continuationToken === 'string' && body.continuationToken !== ''
				? body.continuationToken
				: undefined;
		if (next !== undefined && next === token) {
			throw progressError(
				this,
				requestOptions,
				{ pages: progress.pages + 1, records: progress.records + count },
				'the service answered the same continuation token twice, so paging would never end',
				undefined,
			);
		}
		progress.pages++;
		progress.records += count;
		pagesHere++;
		token = next;
		if (ahead && ahead.token !== next) ahead = undefined;
		if (options.prefetch && next !== undefined && !ahead)
			ahead = { token: next, request: ask(next) };
		yield {
			pageNumber: pagesHere,
			get records() {
				return records ?? scanned!.records();
			},
			recordsOnPage: count,
			envelope: {
				syncTypeName: body.syncTypeName as string | undefined,
				recordCount: body.recordCount as number | undefined,
				deletedRecordCount: body.deletedRecordCount as number | undefined,
				meta: body.meta as IDataObject | undefined,
				links: body.links as IDataObject | undefined,
				continuationToken: next,
			},
			hasMore: next !== undefined,
			recordsSoFar: progress.records,
			scanned,
			bytes: raw.length,
			partition: options.partition,
		};
	} while (token !== undefined);
}

/** How errors name a partition: "partition 3 of 12 (2026-03-01T00:00:00Z to 2026-04-01T00:00:00Z)". */
export function partitionLabel(partition: PagePartition): string {
	const window =
		partition.from || partition.to ? ` (${partition.from ?? '…'} to ${partition.to ?? '…'})` : '';
	return `partition ${partition.index + 1} of ${partition.count}${window}`;
}

/** The page's JSON object; `undefined` when it is not a JSON object. */
function parsePage(text: string): IDataObject | undefined {
	let value: unknown;
	try {
		value = JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
	return value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: undefined;
}

const utf8 = new TextDecoder('utf-8');
