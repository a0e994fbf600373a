import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type IDataObject,
	type JsonObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';

import { isTransient } from '../shared/extraction/retryPolicy';
import { editorZone } from '../shared/editorZone';
import { isVersion2 } from '../shared/nodeVersion';
import { dayInZone } from '../shared/zonedTime';
import { USER_PAYROLL_TYPE_DEFAULT_V2 } from '../shared/payrollExportFilters';
import { workforceJson } from '../shared/transport';
import type { TriggerSettings } from './settings';
import { stableHash } from './sync/changes';
import { SeenSet } from './sync/seen';
import { pollStart, SAMPLE_SIZE } from './sync/pollStart';
import { writeState } from './sync/state';
import { DAY_MS, isoDate, parseServiceTime } from './sync/time';

const STREAM = 'payrollExport';

/**
 * One poll of the JSON payroll export with `modifiedSinceDate`. The service filters by whole
 * days, inside a work-date range of at most 45 days, and returns summaries without ids: a row
 * is one employee's day, and a change is a new content for that day (the memory keeps a hash
 * per employee-day that the range still covers), so the same-day re-reads are dropped; a row
 * that carries its modifiedDateTime is also held to the window's lower edge.
 */
export async function pollPayrollExport(
	this: IPollFunctions,
	settings: TriggerSettings,
	startedAt: number,
): Promise<INodeExecutionData[][] | null> {
	const days = Number(this.getNodeParameter('workDateRangeDays', 14));
	if (!Number.isInteger(days) || days < 1 || days > 45) {
		throw new NodeOperationError(
			this.getNode(),
			'Work Date Range (Days) must be a whole number from 1 to 45',
			{
				description: 'The payroll export reads at most 45 days of work dates per request.',
			},
		);
	}

	const start = pollStart(this, STREAM, settings, startedAt);
	if (!start) return null;
	const { manual, staticData, state, from } = start;
	const oldest = oneYearBefore(startedAt);
	if (from < oldest) {
		throw new NodeOperationError(
			this.getNode(),
			state
				? `The trigger last read payroll export changes on ${isoDate(from)}, more than one year ago; the service finds no edits older than one year through modifiedSinceDate`
				: `Start Date ${isoDate(from)} is more than one year back; the service finds no edits older than one year through modifiedSinceDate`,
			{
				description: `Choose a Start Date on or after ${isoDate(oldest)}${state ? ' (or unpublish and publish the workflow to start from now)' : ''}, and re-export older work dates with the Workforce node (Payroll Export > Get) instead.`,
			},
		);
	}

	const filters = this.getNodeParameter('exportFilters', {}) as IDataObject;
	// Today's work date: in n8n's time zone from version 2 (a clerk's day), the UTC day before.
	const zone = editorZone(this);
	const today =
		zone === undefined
			? Math.floor(startedAt / DAY_MS) * DAY_MS
			: Date.parse(`${dayInZone(zone, startedAt)}T00:00:00Z`);
	const fromWorkDay = today - days * DAY_MS;
	const qs: IDataObject = {
		fromWorkDate: isoDate(fromWorkDay),
		toWorkDate: isoDate(today),
		modifiedSinceDate: isoDate(from),
	};
	for (const name of [
		'dataFilter',
		'userPayrollTypeFilter',
		'exportAllPayrollTypes',
		'includeAllAbsence',
		'onlyDataFromExternalProjects',
	]) {
		if (filters[name] !== undefined && filters[name] !== '') qs[name] = filters[name];
	}
	// Version 2 watches every employee unless the filter says otherwise; version 1 left it to the
	// service (hourly paid only).
	if (qs.userPayrollTypeFilter === undefined && isVersion2(this))
		qs.userPayrollTypeFilter = USER_PAYROLL_TYPE_DEFAULT_V2;
	if (manual) delete qs.modifiedSinceDate;

	const rows = await fetchWithRetry(this, qs, settings);
	const seen = new SeenSet(state?.seen);
	const items: INodeExecutionData[] = [];
	for (const row of rows) {
		const day = parseServiceTime(row.transDateTime);
		const who = row.userId ?? row.employeeNumber ?? row.userName;
		if (day === undefined || who === undefined || who === null) continue;
		// modifiedSinceDate is a whole day: a row that says when it changed is held to the window.
		const modified = parseServiceTime(row.modifiedDateTime);
		if (!manual && modified !== undefined && modified < from) continue;
		const key = `${String(who)}|${isoDate(day)}`;
		const version = stableHash(row);
		if (!seen.isNew(key, version)) continue;
		seen.remember(key, version, day);
		items.push({ json: { event: 'changed', ...row } });
		if (manual && items.length >= SAMPLE_SIZE) break;
	}
	if (manual) return items.length ? [items] : null;

	// Keep the contents of the days the next poll's range still covers.
	seen.prune(fromWorkDay, settings.maxRemembered);
	const origin = state ? Date.parse(state.origin) : from;
	writeState(staticData, {
		v: 1,
		stream: STREAM,
		from: new Date(Math.max(origin, from, startedAt - settings.overlapMs)).toISOString(),
		origin: new Date(origin).toISOString(),
		seen: seen.toJSON(),
	});
	return items.length ? [items] : null;
}

/** The same calendar day one year back, in UTC (the service's oldest modifiedSinceDate). */
function oneYearBefore(ms: number): number {
	const d = new Date(ms);
	return Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), d.getUTCDate());
}

async function fetchWithRetry(
	ctx: IPollFunctions,
	qs: IDataObject,
	settings: TriggerSettings,
): Promise<IDataObject[]> {
	for (let attempt = 1; ; attempt++) {
		let body: unknown;
		try {
			// Always the read-only variant: watching for changes must never lock payroll data (behaviour notes).
			body = await workforceJson.call(ctx, {
				method: 'GET',
				path: '/api/payroll-export/readonly',
				qs,
				what: 'Poll payroll export',
				timeout: settings.timeoutMs,
			});
		} catch (error) {
			if (attempt < settings.retry.attempts && isTransient(error)) {
				await sleep(settings.retry.delayMs * 2 ** (attempt - 1));
				continue;
			}
			// Already a clear NodeApiError from the transport; wrapping returns the same instance.
			throw new NodeApiError(ctx.getNode(), error as JsonObject);
		}
		if (!Array.isArray(body)) {
			throw new NodeOperationError(
				ctx.getNode(),
				'The payroll export did not answer with a list of rows',
				{
					description:
						'The trigger expects the JSON payroll export (an array); check the Integration API Base URL of the credential.',
				},
			);
		}
		return body as IDataObject[];
	}
}
