import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import { editorZone } from '../shared/editorZone';
import { budgetMegabytes, TRIGGER_POLL_BUDGET_MB } from '../shared/itemBudget';
import { atLeastVersion, isVersion2 } from '../shared/nodeVersion';
import { toUtcIso } from '../shared/dates';
import { MINUTE_MS } from './sync/time';

export interface TriggerSettings {
	overlapMs: number;
	maxRemembered: number;
	pageSize: number;
	retry: { attempts: number; delayMs: number };
	timeoutMs: number;
	/** Changes one poll emits at most (Max Changes per Poll); Infinity when 0. */
	maxChangesPerPoll: number;
	/** Version 2 (issue 46): bytes of records one poll emits at most (Item Memory Budget); none before. */
	pollBudgetBytes?: number;
	/** Where the first poll starts: undefined = now. */
	startDate?: number;
}

export function readSettings(ctx: IPollFunctions): TriggerSettings {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const overlapMinutes = numberOption(ctx, options, 'overlapMinutes', 'Overlap (Minutes)', 10, 0);
	const startFrom = ctx.getNodeParameter('startFrom', 'now') as string;
	let startDate: number | undefined;
	if (startFrom === 'date') {
		const raw = ctx.getNodeParameter('startDate', '') as string;
		const zone = editorZone(ctx);
		startDate = startDateMs(raw, zone);
		if (Number.isNaN(startDate)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Start Date is not a date${raw ? `: "${String(raw)}"` : ''}`,
				{
					description: `Pick the date and time from which the first poll should emit changes (${zone === undefined ? 'yyyy-MM-ddTHH:mm:ss' : `yyyy-MM-ddTHH:mm:ss, without a zone in n8n's time zone, ${zone}`}), or set Start From to Now.`,
				},
			);
		}
	}
	return {
		overlapMs: overlapMinutes * MINUTE_MS,
		maxRemembered: numberOption(
			ctx,
			options,
			'maxRemembered',
			'Max Remembered Changes',
			20000,
			100,
		),
		pageSize: numberOption(ctx, options, 'pageSize', 'Chunk Limit', 2500, 1, 10000),
		retry: {
			attempts: numberOption(ctx, options, 'retries', 'Retries per Page', 3, 0, 10) + 1,
			delayMs: numberOption(ctx, options, 'retryDelayMs', 'Retry Delay (Ms)', 1000, 0),
		},
		timeoutMs: atLeastVersion(ctx, 1.1)
			? numberOption(ctx, options, 'timeout', 'Request Timeout (Ms)', 60_000, 100)
			: numberOption(ctx, options, 'timeoutSeconds', 'Request Timeout (Seconds)', 60, 0.1) * 1000,
		maxChangesPerPoll: wholeOrUnbounded(
			numberOption(
				ctx,
				options,
				'maxChangesPerPoll',
				'Max Changes per Poll',
				MAX_CHANGES_PER_POLL,
				0,
			),
		),
		pollBudgetBytes: isVersion2(ctx)
			? budgetMegabytes(ctx.getNode(), options.itemMemoryBudget, {
					fallback: TRIGGER_POLL_BUDGET_MB,
					bounds: 'one poll may emit',
				}) * 1e6
			: undefined,
		startDate,
	};
}

/**
 * Start Date in ms, NaN when it is not a date: version 2 reads a time without a zone in n8n's
 * time zone, version 1 as JavaScript does (the server process's zone).
 */
function startDateMs(raw: unknown, zone: string | undefined): number {
	if (raw === undefined || raw === null || raw === '') return NaN;
	if (zone === undefined) return Date.parse(String(raw));
	const iso = toUtcIso(raw, zone);
	return iso ? Date.parse(iso) : NaN;
}

/** Default of Max Changes per Poll: one execution of this many items stays small in n8n. */
export const MAX_CHANGES_PER_POLL = 10_000;

function wholeOrUnbounded(value: number): number {
	return value === 0 ? Infinity : Math.max(1, Math.floor(value));
}

function numberOption(
	ctx: IPollFunctions,
	options: IDataObject,
	name: string,
	label: string,
	fallback: number,
	min: number,
	max = Infinity,
): number {
	const value =
		options[name] === undefined || options[name] === '' ? fallback : Number(options[name]);
	if (!Number.isFinite(value) || value < min || value > max) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Option ${label} must be a number ${max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`}`,
			{
				description: `Change ${label} under Options (it is ${String(options[name])}).`,
			},
		);
	}
	return value;
}
