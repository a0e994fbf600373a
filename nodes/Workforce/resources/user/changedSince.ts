import {
	NodeOperationError,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
} from 'n8n-workflow';

import { toUtcIso } from '../../../shared/dates';
import { editorZone, zoneWording } from '../../../shared/editorZone';

/**
 * Changed Since in node version 2: a time typed without a zone is a time in n8n's time zone, sent
 * as the UTC instant it is. Version 1 sends the value as written (routing already put it there).
 */
export async function changedSinceInZone(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const zone = editorZone(this);
	if (zone === undefined) return requestOptions;
	const raw = this.getNodeParameter('filters.changedSince', '') as unknown;
	const iso = toUtcIso(raw, zone);
	if (iso === null)
		throw new NodeOperationError(
			this.getNode(),
			`Changed Since is not a date-time: "${String(raw)}"`,
			{
				description: `Use an ISO 8601 date-time such as 2026-01-31T00:00:00Z (${zoneWording(zone)}).`,
			},
		);
	if (iso !== undefined) requestOptions.qs = { ...(requestOptions.qs ?? {}), changedSince: iso };
	return requestOptions;
}
