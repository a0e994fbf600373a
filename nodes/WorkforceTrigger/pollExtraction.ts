import {
	NodeApiError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
	type JsonObject,
} from 'n8n-workflow';

import { paginate } from '../shared/extraction/pageLoop';
import type { TriggerSettings } from './settings';
import type { ExtractionStream } from './streams';
import { collectChanges, nextState, type Collected, type Page } from './sync/run';
import { SeenSet } from './sync/seen';
import { pollStart, SAMPLE_SIZE } from './sync/pollStart';
import { writeState } from './sync/state';
import { planWindow, windowQuery, type SyncWindow } from './sync/window';

/**
 * One poll of an extraction endpoint in incremental mode: reads the pages of the window (all,
 * or until Max Changes per Poll or n8n's poll budget stops it), emits each change once and,
 * only when that worked, stores where the next poll continues and the memory.
 */
export async function pollExtraction(
	this: IPollFunctions,
	stream: ExtractionStream,
	settings: TriggerSettings,
	startedAt: number,
): Promise<INodeExecutionData[][] | null> {
	const start = pollStart(this, stream.name, settings, startedAt);
	if (!start) return null;
	const { manual, staticData, state, from } = start;
	const window = planWindow(from, startedAt);
	const seen = new SeenSet(state?.seen);
	const budgetMs = typeof this.getPollBudgetMs === 'function' ? this.getPollBudgetMs() : Infinity;
	// Elapsed time on the monotonic clock: immune to the wall clock stepping.
	const t0 = performance.now();
	const kind = stream.kind(seen, () => window.since);
	let collected: Collected;
	try {
		collected = await collectChanges({
			window,
			seen,
			kind,
			pages: pagesOf(
				this,
				stream,
				window,
				manual ? SAMPLE_SIZE : settings.pageSize,
				settings,
				manual,
			),
			startedAt,
			outOfTime: () => performance.now() - t0 >= budgetMs * 0.9,
			// Version 2: a poll's records in bytes, at most (issue 46); a manual sample is small anyway.
			maxBytes: manual ? undefined : settings.pollBudgetBytes,
			maxChanges: manual
				? SAMPLE_SIZE
				: settings.maxChangesPerPoll === Infinity
					? undefined
					: settings.maxChangesPerPoll,
		});
	} catch (error) {
		if (error instanceof NodeApiError && !manual) {
			error.description =
				`Nothing was emitted and the trigger kept its position: the next poll reads the changes since ${new Date(window.since).toISOString()} again. ${error.description ?? ''}`.trim();
		}
		throw new NodeApiError(this.getNode(), error as JsonObject);
	}

	const items = collected.changes
		.filter((c) => stream.emit.has(c.json.event as never))
		.map((c) => ({ json: c.json }));
	if (manual) return items.length ? [items] : null;

	const { state: next } = nextState({
		stream: stream.name,
		origin: state ? Date.parse(state.origin) : from,
		previousFrom: from,
		startedAt,
		overlapMs: settings.overlapMs,
		collected,
		seen,
		cap: settings.maxRemembered,
		memoryMs: kind.memoryMs,
	});
	writeState(staticData, next);
	return items.length ? [items] : null;
}

async function* pagesOf(
	ctx: IPollFunctions,
	stream: ExtractionStream,
	window: SyncWindow,
	pageSize: number,
	settings: TriggerSettings,
	firstPageOnly: boolean,
): AsyncGenerator<Page> {
	const qs: IDataObject = { ...stream.filter, ...windowQuery(window), ChunkLimit: pageSize };
	for await (const page of paginate.call(ctx, {
		path: stream.path,
		qs,
		what: stream.what,
		retry: settings.retry,
		timeout: settings.timeoutMs,
	})) {
		yield { records: page.decoded.records, hasMore: page.hasMore, bytes: page.bytes };
		if (firstPageOnly) return;
	}
}
