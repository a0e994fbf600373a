import {
	NodeApiError,
	sleep,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type JsonObject,
} from 'n8n-workflow';

import { CREDENTIAL, transportError, workforceRequest, type WorkforceContext } from '../transport';
import { readBytes, readText } from '../transport/body';
import { errorWithOwnMessage } from '../transport/errors';
import type { PageBuffers } from './pageBuffers';
import { scanPage, type ScannedPage } from './pageScan';

/**
 * The continuation-token loop shared by every extraction operation (time registrations,
 * payroll lines, images) and the trigger. The spec's rule: call with the filter and no token;
 * while the answer's continuationToken is non-empty, send it unchanged as ContinuationToken
 * with every other parameter the same. The token is opaque: never parsed, never altered.
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

export interface ExtractionPage {
	/** 1 for the first page. */
	pageNumber: number;
	/** The records (on a scanned page, parsed from its bytes when first read). */
	readonly records: IDataObject[];
	/** How many records the page holds. */
	recordsOnPage: number;
	envelope: PageEnvelope;
	/** Whether the service announced another page. */
	hasMore: boolean;
	/** Records received up to and including this page. */
	recordsSoFar: number;
	/** Set when the caller asked for a scan and the page allowed one: its records as spans of its bytes, not objects. */
	scanned?: ScannedPage;
}

export interface RetryPolicy {
	/** Attempts per page, the first included (default 4). */
	attempts?: number;
	/** Delay before the first retry in ms, doubled each time (default 1000). */
	delayMs?: number;
	/** Upper bound of one delay in ms (default 15000). */
	maxDelayMs?: number;
}

export interface PaginateOptions {
	/** Path below the extraction base, e.g. `/v1/time-registrations`. */
	path: string;
	/** The filter, resent unchanged on every page. */
	qs?: IDataObject;
	/** Label for messages, e.g. "Get time registrations". */
	what?: string;
	itemIndex?: number;
	retry?: RetryPolicy;
	/** Per-request timeout in ms. */
	timeout?: number;
	/**
	 * Ask for the next page as soon as its token is known, while the caller handles this one.
	 * Only for callers that read every page (Return All; not the trigger, which stops when its poll budget is spent): one page ahead, never more.
	 */
	prefetch?: boolean;
	/**
	 * Scan each page's bytes instead of parsing them, noting these fields of each record (File
	 * output in NDJSON, see page-scan.ts), the bytes read into `buffers`. A page the scan declines
	 * is parsed as usual.
	 */
	scan?: { fields: readonly string[]; buffers: PageBuffers };
}

const TRANSIENT_STATUS = new Set(['500', '502', '503', '504']);
const TRANSIENT_CODE =
	/ECONNRESET|ETIMEDOUT|ECONNABORTED|ESOCKETTIMEDOUT|EPIPE|UND_ERR_SOCKET|socket hang up|timeout/i;

/** Pages of an extraction endpoint, fetched one at a time as the caller asks for them. */
export async function* paginate(
	this: WorkforceContext,
	options: PaginateOptions,
): AsyncGenerator<ExtractionPage> {
	const filter = { ...(options.qs ?? {}) };
	delete filter.ContinuationToken;
	const query = (token: string | undefined) =>
		token === undefined ? filter : { ...filter, ContinuationToken: token };
	// Read when a failure is reported, so a prefetched page's error counts the pages before it.
	const progress: Progress = { pages: 0, records: 0 };
	// Read once: the base URL does not change during a run (n8n core refreshes the token itself).
	const credentials = await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL);
	let token: string | undefined;
	let ahead: { token: string; result: Promise<Settled> } | undefined;
	do {
		const current =
			ahead && ahead.token === token
				? ahead.result
				: settle(fetchPage.call(this, options, query(token), progress, credentials));
		ahead = undefined;
		const settled = await current;
		// Already a clear NodeApiError (see fetchPage); wrapping returns the same instance.
		if (!settled.ok) throw new NodeApiError(this.getNode(), settled.error as JsonObject);
		if (options.prefetch) {
			// Ask for the next page before parsing this one, so the service builds it meanwhile.
			// Checked against the parsed envelope below; a mismatch is discarded and asked properly.
			const early = peekToken(
				typeof settled.raw === 'string' ? settled.raw : tailText(settled.raw),
			);
			if (early !== undefined && early !== token) {
				ahead = {
					token: early,
					result: settle(fetchPage.call(this, options, query(early), progress, credentials)),
				};
				await letRequestLeave();
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
				options,
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
				options,
				{ pages: progress.pages + 1, records: progress.records + count },
				'the service answered the same continuation token twice, so paging would never end',
				undefined,
			);
		}
		progress.pages++;
		progress.records += count;
		token = next;
		if (ahead && ahead.token !== next) ahead = undefined;
		if (options.prefetch && next !== undefined && !ahead)
			ahead = {
				token: next,
				result: settle(fetchPage.call(this, options, query(next), progress, credentials)),
			};
		yield {
			pageNumber: progress.pages,
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
		};
	} while (token !== undefined);
}

/**
 * Event-loop turns given to a prefetched request before this page is parsed. JSON.parse blocks
 * the loop, and n8n's request helper opens a new connection per request: the request needs a turn
 * to pass its awaits and one to connect and write. Without these turns the next page would only
 * be asked for after this one is parsed, and nothing would overlap. A turn costs about 1 ms.
 */
const DISPATCH_TURNS = 4;

async function letRequestLeave(): Promise<void> {
	for (let turn = 0; turn < DISPATCH_TURNS; turn++) await sleep(0);
}

/** A page's answer: its text, or its bytes when the caller scans pages. */
type Settled = { ok: true; raw: string | Buffer } | { ok: false; error: unknown };

/** A page's outcome as a value, so a prefetched failure is never an unhandled rejection. */
async function settle(page: Promise<string | Buffer>): Promise<Settled> {
	try {
		return { ok: true, raw: await page };
	} catch (error) {
		return { ok: false, error };
	}
}

/** One page's raw answer, retried with backoff while the failure is transient. */
async function fetchPage(
	this: WorkforceContext,
	options: PaginateOptions,
	qs: IDataObject,
	progress: Progress,
	credentials: ICredentialDataDecryptedObject,
): Promise<string | Buffer> {
	const attempts = Math.max(1, Math.floor(options.retry?.attempts ?? 4));
	const firstDelay = Math.max(0, options.retry?.delayMs ?? 1000);
	const maxDelay = Math.max(firstDelay, options.retry?.maxDelayMs ?? 15_000);
	for (let attempt = 1; ; attempt++) {
		try {
			const response = await workforceRequest.call(this, {
				api: 'extraction',
				method: 'GET',
				path: options.path,
				qs,
				what: options.what,
				itemIndex: options.itemIndex,
				timeout: options.timeout,
				// Text (or bytes) in, parsed here: lets the next page be asked for before this one is parsed.
				stream: true,
				headers: { Accept: 'application/json' },
				credentials,
			});
			try {
				const scan = options.scan;
				if (!scan) return await readText(response.body, options.timeout);
				return await readBytes(response.body, options.timeout, (size) => scan.buffers.take(size));
			} catch (cause) {
				// The connection was lost part of the way through the answer: a dropped connection, retried as one.
				const code = (cause as { code?: string }).code;
				throw transportError(
					this,
					{
						code: code && /^E[A-Z]+$/.test(code) ? code : 'ECONNRESET',
						message: (cause as Error).message,
					},
					options,
				);
			}
		} catch (error) {
			const backoff = Math.min(maxDelay, firstDelay * 2 ** (attempt - 1));
			const limited = rateLimitWait(error);
			if (limited !== undefined) {
				// 429: wait what Retry-After says (or back off without it), counted against the retries;
				// a wait longer than the page timeout is not waited out here: the run fails and says when to retry.
				const wait = limited ?? backoff;
				if (attempt < attempts && wait <= (options.timeout ?? Infinity)) {
					await sleep(wait);
					continue;
				}
				const tooLong =
					attempt < attempts
						? `, asked to wait ${Math.ceil(wait / 1000)} s, longer than the request timeout`
						: ` after ${attempt} attempt${attempt === 1 ? '' : 's'}`;
				throw progressError(
					this,
					options,
					{ ...progress },
					`page ${progress.pages + 1} was rate limited (HTTP 429)${tooLong}`,
					error,
				);
			}
			const transient = isTransient(error);
			if (transient && attempt < attempts) {
				await sleep(backoff);
				continue;
			}
			// Already a clear NodeApiError from the transport; wrapping returns the same instance.
			if (progress.pages === 0 && !transient)
				throw new NodeApiError(this.getNode(), error as JsonObject);
			const reason = transient
				? `page ${progress.pages + 1} still failed after ${attempt} attempt${attempt === 1 ? '' : 's'}`
				: `page ${progress.pages + 1} failed`;
			throw progressError(this, options, { ...progress }, reason, error);
		}
	}
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
/** The envelope follows the records: its end is enough to find the token in a page's bytes. */
const TAIL_BYTES = 16_384;

function tailText(bytes: Buffer): string {
	return bytes.toString('utf8', Math.max(0, bytes.length - TAIL_BYTES));
}

const TOKEN_KEY = '"continuationToken"';
const JSON_SPACE = /\s/;

/**
 * The envelope's continuationToken read from the text without parsing the page: the last
 * `"continuationToken"` key followed by a JSON string. Only a hint for prefetching; the parsed
 * envelope decides. The token's own content is never looked at.
 */
function peekToken(text: string): string | undefined {
	const at = text.lastIndexOf(TOKEN_KEY);
	if (at < 0) return undefined;
	let i = at + TOKEN_KEY.length;
	while (i < text.length && JSON_SPACE.test(text[i])) i++;
	if (text[i] !== ':') return undefined;
	i++;
	while (i < text.length && JSON_SPACE.test(text[i])) i++;
	if (text[i] !== '"') return undefined;
	let end = i + 1;
	while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
	if (end >= text.length) return undefined;
	try {
		const value = JSON.parse(text.slice(i, end + 1)) as unknown;
		return typeof value === 'string' && value !== '' ? value : undefined;
	} catch {
		return undefined;
	}
}

interface Progress {
	pages: number;
	records: number;
}

/**
 * For a 429: how long the service asked to wait (ms), or null when it sent no Retry-After;
 * undefined for any other failure.
 */
export function rateLimitWait(error: unknown): number | null | undefined {
	const e = error as { httpCode?: string | null; context?: { retryAfterMs?: number | null } };
	if (String(e?.httpCode ?? '') !== '429') return undefined;
	const ms = e.context?.retryAfterMs;
	return typeof ms === 'number' ? ms : null;
}

/** Whether a failure is worth another attempt: 500/502/503/504, a timeout or a dropped connection. */
export function isTransient(error: unknown): boolean {
	const e = error as {
		httpCode?: string | null;
		errorResponse?: { code?: unknown };
		cause?: { code?: unknown };
		message?: string;
	};
	if (e?.httpCode && TRANSIENT_STATUS.has(String(e.httpCode))) return true;
	const code = String(e?.errorResponse?.code ?? e?.cause?.code ?? '');
	return TRANSIENT_CODE.test(code) || TRANSIENT_CODE.test(String(e?.message ?? ''));
}

function progressError(
	ctx: WorkforceContext,
	options: PaginateOptions,
	progress: Progress,
	reason: string,
	cause: unknown,
): NodeApiError {
	const label = options.what ?? `GET ${options.path}`;
	const got = `${progress.pages} page${progress.pages === 1 ? '' : 's'} and ${progress.records} record${progress.records === 1 ? '' : 's'} received before it stopped`;
	const causeMessage = (cause as { message?: string } | undefined)?.message;
	const message = `${label} failed: ${reason} (${got})${causeMessage ? `: ${causeMessage}` : ''}`;
	const httpCode = (cause as { httpCode?: string | null } | undefined)?.httpCode ?? undefined;
	// Ours says how far it got, also when the cause was a network code.
	const error = errorWithOwnMessage(
		ctx.getNode(),
		{ message, httpCode: httpCode ?? null } as JsonObject,
		{
			message,
			description: [
				// A 429 says when to try again (from Retry-After); keep that advice in front.
				String(httpCode) === '429' ? ((cause as { description?: string }).description ?? '') : '',
				// A failure the service named by code (e.g. a token of the other sync mode) keeps its fix in front too.
				String(
					(cause as { context?: { codeAdvice?: unknown } } | undefined)?.context?.codeAdvice ?? '',
				),
				'Nothing was output, because a partial extraction would look complete. Run the node again (the whole range is read again); if it keeps failing, narrow the date range or retry later.',
			]
				.filter(Boolean)
				.join(' '),
			httpCode: httpCode ?? undefined,
			itemIndex: options.itemIndex,
		},
	);
	error.context.pagesReceived = progress.pages;
	error.context.recordsReceived = progress.records;
	return error;
}
