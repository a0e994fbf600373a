import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { toUtcIso } from '../../../shared/dates';
import { editorZone, zoneWording } from '../../../shared/editorZone';

export const CHUNK_LIMIT_MAX = 10_000;
const CHUNK_LIMIT_DEFAULT = 2500;

/**
 * The part of the query every extraction endpoint shares, checked before any request: the full
 * sync window (From/To Date Time, both ends included), the incremental window (ModifiedBefore only
 * with ModifiedSince and strictly later) and the page size (Chunk Limit, or a small Limit).
 */
export function windowQuery(
	ctx: IExecuteFunctions,
	itemIndex: number,
	options: { chunkLimit?: number; modifiedSince?: string; modifiedBefore?: string },
	limit: number | undefined,
): IDataObject {
	const fail = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), message, { description, itemIndex });
	const qs: IDataObject = {};
	// Version 2 reads a time without a zone in n8n's time zone, version 1 in UTC.
	const zone = editorZone(ctx, itemIndex);
	const date = (field: string, label: string, value: unknown) => {
		const iso = toUtcIso(value, zone);
		if (iso === null)
			throw fail(
				`${label} is not a date-time: "${String(value)}"`,
				`Use an ISO 8601 date-time such as 2026-01-31T00:00:00Z (${zoneWording(zone)}).`,
			);
		if (iso !== undefined) qs[field] = iso;
		return iso;
	};
	const from = date(
		'FromDateTime',
		'From Date Time',
		ctx.getNodeParameter('fromDateTime', itemIndex, ''),
	);
	const to = date('ToDateTime', 'To Date Time', ctx.getNodeParameter('toDateTime', itemIndex, ''));
	if (from && to && Date.parse(from) > Date.parse(to)) {
		throw fail(
			'To Date Time must not be earlier than From Date Time',
			`The window ${from} to ${to} is empty. Both ends are included (equal ends read that one instant); set To Date Time on or after From Date Time.`,
		);
	}
	const since = date('ModifiedSince', 'Modified Since', options.modifiedSince);
	const before = date('ModifiedBefore', 'Modified Before', options.modifiedBefore);
	if (before && !since) {
		throw fail(
			'Modified Before needs Modified Since',
			'The service accepts ModifiedBefore only in incremental mode. Set Modified Since as well, or remove Modified Before.',
		);
	}
	if (before && since && Date.parse(before) <= Date.parse(since)) {
		throw fail(
			'Modified Before must be later than Modified Since',
			`The service requires ModifiedBefore to be strictly greater than ModifiedSince (${since}). Move Modified Before later.`,
		);
	}
	if (options.chunkLimit !== undefined) {
		const chunk = Number(options.chunkLimit);
		if (!Number.isInteger(chunk) || chunk < 1 || chunk > CHUNK_LIMIT_MAX) {
			throw fail(
				`Chunk Limit must be a whole number from 1 to ${CHUNK_LIMIT_MAX}, not ${String(options.chunkLimit)}`,
				`Set Chunk Limit (records per page) between 1 and ${CHUNK_LIMIT_MAX}, or remove it to use the default of ${CHUNK_LIMIT_DEFAULT}.`,
			);
		}
		qs.ChunkLimit = chunk;
	} else if (limit !== undefined && limit < CHUNK_LIMIT_DEFAULT) {
		// A small Limit asks for a page of that size instead of the default. For images a page of
		// Limit parents is enough too: each parent brings at least one row.
		qs.ChunkLimit = limit;
	}
	return qs;
}
