import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { TriggerSettings } from '../settings';
import { readState, writeState, type SyncState } from './state';
import { DAY_MS } from './time';

/** How far back a manual test run looks for a sample, and how many changes it shows. */
export const SAMPLE_DAYS = 30;
export const SAMPLE_SIZE = 10;

export interface PollStart {
	manual: boolean;
	staticData: IDataObject;
	/** The stored cursor and memory; none on a manual run or the first poll. */
	state?: SyncState;
	/** Where this poll reads from, in ms. */
	from: number;
}

/**
 * Where one poll of a stream starts: a manual run samples the last SAMPLE_DAYS; an active
 * trigger continues from its stored cursor, or else from the Start Date. Null on the first
 * activation without a Start Date: the cursor is set to now and nothing is emitted, since
 * nothing has happened yet.
 */
export function pollStart(
	ctx: IPollFunctions,
	stream: string,
	settings: TriggerSettings,
	startedAt: number,
): PollStart | null {
	const manual = ctx.getMode() === 'manual';
	const staticData = ctx.getWorkflowStaticData('node');
	const state = manual ? undefined : readState(staticData, stream);
	if (!manual && !state && settings.startDate === undefined) {
		const now = new Date(startedAt).toISOString();
		writeState(staticData, { v: 1, stream, from: now, origin: now, seen: {} });
		return null;
	}
	const from = manual
		? startedAt - SAMPLE_DAYS * DAY_MS
		: state
			? Date.parse(state.from)
			: (settings.startDate as number);
	return { manual, staticData, state, from };
}
