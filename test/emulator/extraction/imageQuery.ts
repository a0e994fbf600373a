import { validationErrors, type ErrorItem } from '../core/apiError';
import { fieldError, getQuery, getQueryAll, isDateTime, queryBool } from '../core/validate';
import { IMAGE_SOURCES, type ImageSource } from './imageModel';

export const CHUNK_LIMIT_DEFAULT = 2500;
export const CHUNK_LIMIT_MIN = 1;
export const CHUNK_LIMIT_MAX = 10000;

/** The parameters of GET /v1/images, read and checked as the specification's table gives them. */
export interface ImageQuery {
	projectId?: string;
	companyId?: string;
	/** Enabled sources in draining order (feed, alert, checklist). */
	sources: ImageSource[];
	fromMs?: number;
	toMs?: number;
	modifiedSinceMs?: number;
	modifiedBeforeMs?: number;
	chunkLimit: number;
	continuationToken?: string;
	requireGeoCoordinate: boolean;
	ownCompanyDataOnly: boolean;
	excludeDataFromSubsidiaries: boolean;
	mode: 'full' | 'incremental';
}

/** Reads the query; every problem is reported at once, each naming its parameter (400). */
export function readImageQuery(query: URLSearchParams): ImageQuery {
	const errors: ErrorItem[] = [];
	const date = (name: string) => readDate(query, name, errors);
	const bool = (name: string) => {
		try {
			return queryBool(query, name) ?? false;
		} catch {
			errors.push(fieldError(name, `'${name}' must be true or false.`));
			return false;
		}
	};

	const parsed: ImageQuery = {
		projectId: text(query, 'ProjectId'),
		companyId: text(query, 'CompanyId'),
		sources: readSources(query, errors),
		fromMs: date('FromDateTime'),
		toMs: date('ToDateTime'),
		modifiedSinceMs: date('ModifiedSince'),
		modifiedBeforeMs: date('ModifiedBefore'),
		chunkLimit: readChunkLimit(query, errors),
		continuationToken: text(query, 'ContinuationToken'),
		requireGeoCoordinate: bool('RequireGeoCoordinate'),
		ownCompanyDataOnly: bool('OwnCompanyDataOnly'),
		excludeDataFromSubsidiaries: bool('ExcludeDataFromSubsidiaries'),
		mode: 'full',
	};
	parsed.mode = parsed.modifiedSinceMs === undefined ? 'full' : 'incremental';

	if (parsed.modifiedBeforeMs !== undefined) {
		if (parsed.modifiedSinceMs === undefined) {
			errors.push(
				fieldError(
					'ModifiedBefore',
					"'ModifiedBefore' requires 'ModifiedSince'. Set ModifiedSince, or leave ModifiedBefore out.",
				),
			);
		} else if (parsed.modifiedBeforeMs <= parsed.modifiedSinceMs) {
			errors.push(
				fieldError(
					'ModifiedBefore',
					"'ModifiedBefore' must be strictly greater than 'ModifiedSince'.",
				),
			);
		}
	}
	if (parsed.fromMs !== undefined && parsed.toMs !== undefined && parsed.toMs < parsed.fromMs) {
		// Both ends are included, so equal ends are the window of that one instant.
		errors.push(fieldError('ToDateTime', "'ToDateTime' must not be earlier than 'FromDateTime'."));
	}
	if (errors.length) throw validationErrors(errors);
	return parsed;
}

/** The filters a continuation token is bound to (everything except the token and the page size). */
export function tokenScope(query: ImageQuery, callerCompanyId: string) {
	return [
		callerCompanyId,
		query.mode,
		query.projectId ?? null,
		query.companyId ?? null,
		query.sources,
		query.mode === 'full' ? (query.fromMs ?? null) : null,
		query.mode === 'full' ? (query.toMs ?? null) : null,
		query.modifiedSinceMs ?? null,
		query.modifiedBeforeMs ?? null,
		query.requireGeoCoordinate,
		query.ownCompanyDataOnly,
		query.excludeDataFromSubsidiaries,
	];
}

function text(query: URLSearchParams, name: string): string | undefined {
	const value = getQuery(query, name)?.trim();
	return value ? value : undefined;
}

/** Repeated (`Sources=feed&Sources=alert`) or comma-separated; omitted or empty means all three. */
function readSources(query: URLSearchParams, errors: ErrorItem[]): ImageSource[] {
	const given = getQueryAll(query, 'Sources')
		.flatMap((v) => v.split(','))
		.map((v) => v.trim().toLowerCase())
		.filter((v) => v !== '');
	const invalid = given.filter((v) => !(IMAGE_SOURCES as readonly string[]).includes(v));
	if (invalid.length) {
		errors.push(
			fieldError(
				'Sources',
				`'Sources' has invalid value(s) ${invalid.map((v) => `'${v}'`).join(', ')}. Allowed values: feed, alert, checklist.`,
			),
		);
	}
	if (given.length === 0) return [...IMAGE_SOURCES];
	return IMAGE_SOURCES.filter((s) => given.includes(s));
}

function readChunkLimit(query: URLSearchParams, errors: ErrorItem[]): number {
	const raw = getQuery(query, 'ChunkLimit')?.trim();
	if (raw === undefined || raw === '') return CHUNK_LIMIT_DEFAULT;
	const value = /^[+-]?\d+$/.test(raw) ? Number(raw) : NaN;
	if (!Number.isInteger(value) || value < CHUNK_LIMIT_MIN || value > CHUNK_LIMIT_MAX) {
		errors.push(
			fieldError(
				'ChunkLimit',
				`'ChunkLimit' must be a whole number from ${CHUNK_LIMIT_MIN} to ${CHUNK_LIMIT_MAX}.`,
			),
		);
		return CHUNK_LIMIT_DEFAULT;
	}
	return value;
}

/** ISO 8601; a value without a zone is UTC; `0001-01-01...` means "no value" (behaviour notes). */
function readDate(query: URLSearchParams, name: string, errors: ErrorItem[]): number | undefined {
	const raw = getQuery(query, name)?.trim();
	if (raw === undefined || raw === '' || raw.startsWith('0001-01-01')) return undefined;
	if (!isDateTime(raw)) {
		errors.push(
			fieldError(
				name,
				`'${name}' must be an ISO 8601 date-time, for example 2026-01-31T00:00:00Z.`,
			),
		);
		return undefined;
	}
	let iso = raw.replace(' ', 'T');
	if (iso.includes('T') && !/(Z|[+-]\d{2}:?\d{2})$/i.test(iso)) iso += 'Z';
	return Date.parse(iso);
}
