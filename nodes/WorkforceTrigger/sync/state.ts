import type { IDataObject } from 'n8n-workflow';

import type { SeenEntries } from './seen';

/**
 * What the trigger keeps between polls, in the node's static data. In n8n versions with durable
 * poll cursors the engine hands the poll a staged copy and stores it together with the
 * execution the poll emits (or on its own when nothing was emitted); elsewhere it is the
 * workflow's static data, saved when the poll emits. Either way the poll writes it once, at the
 * very end of a successful run, so a failed poll leaves the previous state untouched.
 */
export interface SyncState {
	v: 1;
	/** Which stream the state belongs to; another event starts afresh. */
	stream: string;
	/**
	 * `ModifiedSince` of the next poll (ISO, UTC): the start of the last poll that read every
	 * page, minus the overlap; or, after a backfill poll cut short by n8n's time budget, where
	 * it got to.
	 */
	from: string;
	/** Where the stream started (activation or the backfill date): the overlap never reaches before it. */
	origin: string;
	seen: SeenEntries;
}

const KEY = 'workforceSync';

export function readState(staticData: IDataObject, stream: string): SyncState | undefined {
	const value = staticData[KEY] as unknown as SyncState | undefined;
	if (
		!value ||
		typeof value !== 'object' ||
		value.v !== 1 ||
		value.stream !== stream ||
		typeof value.from !== 'string' ||
		typeof value.origin !== 'string'
	)
		return undefined;
	if (Number.isNaN(Date.parse(value.from))) return undefined;
	return { ...value, seen: value.seen && typeof value.seen === 'object' ? value.seen : {} };
}

export function writeState(staticData: IDataObject, state: SyncState) {
	staticData[KEY] = JSON.parse(JSON.stringify(state)) as IDataObject;
}
