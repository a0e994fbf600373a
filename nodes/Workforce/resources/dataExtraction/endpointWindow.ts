import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import type { ChosenEndpoint } from '../../../shared/extraction/endpointChoice';

const DAY_MS = 86_400_000;

/**
 * The endpoint's date-window rules of the behaviour notes, checked on the query before any
 * request. A window the service ignores (checklists, incidents) or cannot apply (master data
 * carry no date) is refused rather than sent: the service would answer every record, which
 * looks like the window's records. Machine registrations take a window of at most 7 days, both
 * ends together; a full load must send one (incremental mode is bounded by Modified Since).
 * Paths the table does not list are sent as they are.
 */
export function checkEndpointWindow(
	ctx: { getNode(): INode },
	endpoint: ChosenEndpoint,
	qs: IDataObject,
	itemIndex?: number,
): void {
	const row = endpoint.row;
	if (!row) return;
	const fail = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), message, { description, itemIndex });
	const from = qs.FromDateTime as string | undefined;
	const to = qs.ToDateTime as string | undefined;
	const field = from !== undefined ? 'From Date Time' : 'To Date Time';
	const instead =
		'Clear From Date Time and To Date Time to read them all, or set Options > Modified Since to read only what was created, changed or deleted since then.';
	if (row.window === 'ignored' && (from !== undefined || to !== undefined)) {
		throw fail(
			`${field} does not apply to ${row.name}`,
			`The service ignores FromDateTime and ToDateTime on ${row.path} and would return every record, not the ones of your window. ${instead}`,
		);
	}
	if (row.window === 'none' && (from !== undefined || to !== undefined)) {
		throw fail(
			`${field} does not apply to ${row.name}`,
			`${row.name} (${row.path}) carry no date the service could filter on, so a window would return every record. ${instead}`,
		);
	}
	const max = row.maxWindowDays;
	if (max === undefined) return;
	const date = typeof row.window === 'object' ? row.window.date : 'the record date';
	if (from === undefined && to === undefined) {
		if (qs.ModifiedSince !== undefined) return;
		throw fail(
			`${row.name} need From Date Time and To Date Time`,
			`A full load of ${row.path} takes a date window of at most ${max} days (on ${date}; To Date Time is included). Set both, or set Options > Modified Since to read what changed instead.`,
		);
	}
	if (from === undefined || to === undefined) {
		throw fail(
			`${row.name} need ${from === undefined ? 'From Date Time' : 'To Date Time'} as well`,
			`The service takes both ends of the window together, at most ${max} days apart (on ${date}).`,
		);
	}
	const span = Date.parse(to) - Date.parse(from);
	if (span > max * DAY_MS) {
		const days = Math.round((span / DAY_MS) * 100) / 100;
		throw fail(
			`From Date Time to To Date Time spans ${days} days; ${row.name} allow at most ${max}`,
			`Set To Date Time at most ${max} days after From Date Time (at the latest ${new Date(Date.parse(from) + max * DAY_MS).toISOString()}), and read a longer period in several runs, for example one per week.`,
		);
	}
}
