import { validationError } from '../core/apiError';
import type { EmuRequest, EmuResponse } from '../core/router';
import { getQuery, isDateTime } from '../core/validate';
import { filterHash, signToken, verifyToken } from './continuationToken';

/**
 * Paging shared by the extraction endpoints (behaviour notes): full mode (no ModifiedSince) in
 * creation order without deleted records; incremental mode (ModifiedSince set) oldest change
 * first with tombstones, `ModifiedSince <= modified < ModifiedBefore`. A page never splits one
 * modification timestamp, so it may hold more than ChunkLimit records. A run is bounded by the
 * data present when its first page was asked for: ModifiedBefore defaults to that moment and
 * full mode stops at the records that existed then.
 */
export interface PagedSource {
	/** Records in creation order: 0 .. count-1. */
	count: number;
	/** Indices ordered by (modified, index). */
	modifiedOrder(): Uint32Array;
	modified(i: number): number;
	deleted(i: number): boolean;
	/** Whether a record passes the caller's access and the From/To window (checked for tombstones too). */
	passes(i: number, window: DateWindow): boolean;
	record(i: number): Record<string, unknown>;
	/**
	 * For sources whose indices move when data changes (payroll lines are re-derived): a stable
	 * sort key of record i, and the first index whose key is >= a key. Full-mode tokens then
	 * carry the key, not the index.
	 */
	keyOf?(i: number): number;
	seek?(key: number): number;
}

export interface DateWindow {
	/** Inclusive, ms. */
	from?: number;
	/** Inclusive, ms: a record dated exactly at ToDateTime is returned (behaviour notes). */
	to?: number;
}

/**
 * Whether a record dated `ms` lies in the FromDateTime/ToDateTime window (one rule for every
 * endpoint): `[from, to]`, both ends included, so two windows chained end to start both return
 * their shared boundary and `from == to` is the window of that one instant.
 */
export function inWindow(ms: number, w: DateWindow): boolean {
	return (w.from === undefined || ms >= w.from) && (w.to === undefined || ms <= w.to);
}

export interface ExtractionQuery {
	window: DateWindow;
	modifiedSince?: number;
	modifiedBefore?: number;
	chunkLimit: number;
}

/** Reads and checks the shared parameters; 400 naming the parameter for anything wrong. */
export function readExtractionQuery(req: EmuRequest, defaultChunk: number): ExtractionQuery {
	const q = req.query;
	const modifiedSince = dateParam(q, 'ModifiedSince');
	const modifiedBefore = dateParam(q, 'ModifiedBefore');
	if (modifiedBefore !== undefined && modifiedSince === undefined) {
		throw validationError('ModifiedBefore', "'ModifiedBefore' requires 'ModifiedSince'.");
	}
	if (
		modifiedBefore !== undefined &&
		modifiedSince !== undefined &&
		modifiedBefore <= modifiedSince
	) {
		throw validationError('ModifiedBefore', "'ModifiedBefore' must be later than 'ModifiedSince'.");
	}
	const rawChunk = getQuery(q, 'ChunkLimit');
	let chunkLimit = defaultChunk;
	if (rawChunk !== undefined && rawChunk !== '') {
		chunkLimit = Number(rawChunk);
		if (!/^\d+$/.test(rawChunk) || chunkLimit < 1 || chunkLimit > 10_000) {
			throw validationError('ChunkLimit', "'ChunkLimit' must be a whole number from 1 to 10000.");
		}
	}
	return {
		window: { from: dateParam(q, 'FromDateTime'), to: dateParam(q, 'ToDateTime') },
		modifiedSince,
		modifiedBefore,
		chunkLimit,
	};
}

/** A date-time parameter in ms; no zone means UTC; `0001-01-01...` means no value. */
function dateParam(q: URLSearchParams, name: string): number | undefined {
	const raw = getQuery(q, name);
	if (raw === undefined || raw === '' || raw.startsWith('0001-01-01')) return undefined;
	if (!isDateTime(raw))
		throw validationError(
			name,
			`'${name}' must be an ISO 8601 date-time, for example 2026-01-31T00:00:00Z.`,
		);
	const zoned = /([zZ]|[+-]\d{2}:?\d{2})$/.test(raw) || raw.length === 10 ? raw : raw + 'Z';
	return Date.parse(zoned.length === 10 ? zoned + 'T00:00:00Z' : zoned);
}

/** One page of an extraction endpoint, with the envelope of the behaviour notes. */
export function extractionPage(
	req: EmuRequest,
	endpoint: string,
	source: PagedSource,
	secret: string,
	defaultChunk: number,
	now: number,
): EmuResponse {
	const query = readExtractionQuery(req, defaultChunk);
	const hash = filterHash(endpoint, req.query);
	const rawToken = getQuery(req.query, 'ContinuationToken');
	const incremental = query.modifiedSince !== undefined;
	const token = rawToken ? verifyToken(secret, rawToken, hash, incremental ? 'i' : 'f') : undefined;
	const pageNumber = token?.n ?? 1;
	const data: Array<Record<string, unknown>> = [];
	let deletedCount = 0;
	let nextPosition: unknown;
	let bound: number;

	if (incremental) {
		const order = source.modifiedOrder();
		bound = token ? Number(token.u) : (query.modifiedBefore ?? now + 1);
		const after = token ? Number(token.p) : undefined;
		let k =
			after === undefined
				? lowerBound(order, source, query.modifiedSince!)
				: upperBound(order, source, after);
		let lastModified: number | undefined;
		for (; k < order.length; k++) {
			const i = order[k];
			const m = source.modified(i);
			if (m >= bound) break;
			if (!source.passes(i, query.window)) continue;
			if (data.length >= query.chunkLimit && m !== lastModified) {
				nextPosition = lastModified;
				break;
			}
			data.push(source.record(i));
			if (source.deleted(i)) deletedCount++;
			lastModified = m;
		}
	} else {
		const keyed = source.keyOf !== undefined && source.seek !== undefined;
		bound = keyed ? source.count : token ? Number(token.u) : source.count;
		let i = token ? (keyed ? source.seek!(Number(token.p)) : Number(token.p)) : 0;
		for (; i < bound; i++) {
			if (source.deleted(i) || !source.passes(i, query.window)) continue;
			if (data.length >= query.chunkLimit) {
				nextPosition = keyed ? source.keyOf!(i) : i;
				break;
			}
			data.push(source.record(i));
		}
	}

	const continuationToken =
		nextPosition === undefined
			? undefined
			: signToken(secret, {
					p: nextPosition,
					n: pageNumber + 1,
					f: hash,
					u: bound,
					m: incremental ? 'i' : 'f',
				});
	const links: Record<string, string> = {};
	if (continuationToken) {
		const next = new URLSearchParams();
		for (const [k, v] of req.query) if (k.toLowerCase() !== 'continuationtoken') next.append(k, v);
		next.append('ContinuationToken', continuationToken);
		links.next = `${endpoint}?${next.toString()}`;
	}
	return {
		status: 200,
		body: {
			data,
			meta: { pageNumber, chunkLimit: query.chunkLimit },
			continuationToken: continuationToken ?? '',
			syncTypeName: incremental ? 'incremental' : 'full',
			recordCount: data.length,
			deletedRecordCount: deletedCount,
			links,
		},
	};
}

/** First position whose modified >= value. */
function lowerBound(order: Uint32Array, source: PagedSource, value: number): number {
	let lo = 0;
	let hi = order.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (source.modified(order[mid]) < value) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** First position whose modified > value. */
function upperBound(order: Uint32Array, source: PagedSource, value: number): number {
	let lo = 0;
	let hi = order.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (source.modified(order[mid]) <= value) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}
