import {
	NodeApiError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type JsonObject,
} from 'n8n-workflow';

import { CREDENTIAL, type WorkforceContext } from '../transport';
import { jsonPages, type DecodedPage, type PageDecoder } from './pageDecoder';
import { progressError, type Progress } from './pageErrors';
import { requestPage, type PageRequest, type PageRequestOptions } from './pageRequest';

/**
 * The continuation-token loop shared by every extraction operation (time registrations,
 * payroll lines, images) and the trigger. The spec's rule: call with the filter and no token;
 * while the answer's continuationToken is non-empty, send it unchanged as ContinuationToken
 * with every other parameter the same. The token is opaque: never parsed, never altered.
 */

export interface PaginateOptions<P extends DecodedPage = DecodedPage>
	extends Omit<PageRequestOptions, 'bytes'> {
	/** Path below the extraction base, e.g. `/v1/time-registrations`. */
	path: string;
	/** The filter, resent unchanged on every page. */
	qs?: IDataObject;
	/**
	 * Read ahead: ask for the next page as soon as this one is decoded, while the caller handles
	 * it. Only for callers that read every page (Return All; not the trigger, which stops when its
	 * poll budget is spent): one page ahead, never more.
	 */
	readAhead?: boolean;
	/** How an answer becomes a page (jsonPages by default). */
	decoder?: PageDecoder<P>;
	/** Pages and records of the whole run so far, when several streams make one run (partitions). */
	progress?: Progress;
	/** The credential as already read, when several streams share one run. */
	credentials?: ICredentialDataDecryptedObject;
}

/** One page of one token stream, as the loop hands it on. */
export interface StreamPage<P extends DecodedPage = DecodedPage> {
	decoded: P;
	/** Whether this stream has another page (its continuation token). */
	hasMore: boolean;
	/** Size of the answer (characters of its text, or bytes). */
	bytes: number;
}

/** Pages of one token stream, fetched as the caller asks for them (one ahead with readAhead). */
export async function* paginate<P extends DecodedPage = DecodedPage>(
	this: WorkforceContext,
	options: PaginateOptions<P>,
): AsyncGenerator<StreamPage<P>> {
	const decoder = options.decoder ?? (jsonPages as unknown as PageDecoder<P>);
	const filter = { ...(options.qs ?? {}) };
	delete filter.ContinuationToken;
	const query = (token: string | undefined) =>
		token === undefined ? filter : { ...filter, ContinuationToken: token };
	// Read when a failure is reported, so a page read ahead counts the pages before it in its error.
	const progress: Progress = options.progress ?? { pages: 0, records: 0 };
	// Read once: the base URL does not change during a run (n8n core refreshes the token itself).
	const credentials =
		options.credentials ?? (await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL));
	const requestOptions: PageRequestOptions = { ...options, bytes: decoder.bytes };
	const ask = (token: string | undefined) =>
		requestPage.call(this, requestOptions, query(token), progress, credentials);
	let token: string | undefined;
	let ahead: PageRequest | undefined;
	do {
		const current = ahead ?? ask(token);
		ahead = undefined;
		const settled = await current.result;
		// Already a clear NodeApiError (see pageRequest); wrapping returns the same instance.
		if (!settled.ok) throw new NodeApiError(this.getNode(), settled.error as JsonObject);
		const raw = settled.raw;
		const decoded = decoder.decode(raw);
		if (decoded === undefined) {
			throw progressError(
				this,
				requestOptions,
				progress,
				`page ${progress.pages + 1} is not the extraction envelope ({ data, continuationToken })`,
				undefined,
			);
		}
		const continuation = decoded.envelope.continuationToken;
		const next = typeof continuation === 'string' && continuation !== '' ? continuation : undefined;
		if (next !== undefined && next === token) {
			throw progressError(
				this,
				requestOptions,
				{ pages: progress.pages + 1, records: progress.records + decoded.count },
				'the service answered the same continuation token twice, so paging would never end',
				undefined,
			);
		}
		progress.pages++;
		progress.records += decoded.count;
		token = next;
		// The service builds the next page while the caller handles this one. Asked after decoding:
		// at the service's latency a page takes about 0.8 s and decoding it 6-20 ms (BENCHMARKS.md).
		if (options.readAhead && next !== undefined) ahead = ask(next);
		yield { decoded, hasMore: next !== undefined, bytes: raw.length };
	} while (token !== undefined);
}
