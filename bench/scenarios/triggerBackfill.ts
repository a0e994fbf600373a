/*
 * Trigger backfill: the Workforce Trigger (time registrations) started from 2000-01-01 over every
 * generated record, with Max Changes per Poll (BENCH_MAX_CHANGES, default 10,000), polled through
 * n8n-core's PollTriggerExecutor (durable cursor) until a poll emits nothing. Then a plain
 * incremental read of the same window (up to the last poll's start) is the reference: every
 * record in it must have been emitted once, none twice.
 */
import { PollHarness } from '../../test/harness/poll';
import { BACKFILL_START, backfillReference, compareWithReference } from '../backfillReference';
import { report, targetFromEnv } from '../measure';
import { credentialsFor } from './engine';

const maxChanges = Number(process.env.BENCH_MAX_CHANGES ?? 10_000);
const target = targetFromEnv();

void report(async () => {
	const trigger = new PollHarness({
		credentials: credentialsFor(target),
		parameters: {
			event: 'timeRegistration',
			startFrom: 'date',
			startDate: BACKFILL_START,
			options: { maxChangesPerPoll: maxChanges },
		},
		// Only ids are counted here: the harness keeping a million items would measure the harness.
		keepExecutions: false,
	});
	const emitted = new Map<string, number>();
	let polls = 0;
	let largest = 0;
	let largestBytes = 0;
	let lastStart = '';
	for (;;) {
		lastStart = new Date().toISOString();
		const tick = polls === 0 ? await trigger.activate() : await trigger.tick();
		if (tick.error) throw tick.error;
		polls++;
		if (!tick.emitted) break;
		largest = Math.max(largest, tick.items.length);
		largestBytes = Math.max(largestBytes, JSON.stringify(tick.items).length);
		for (const item of tick.items)
			emitted.set(String(item.json.id), (emitted.get(String(item.json.id)) ?? 0) + 1);
	}
	const expected = await backfillReference(target, lastStart);
	const { lost, duplicated, unexpected } = compareWithReference(emitted, expected);
	return {
		records: emitted.size,
		requests: polls,
		note: `${polls} polls (the last one empty), Max Changes per Poll ${maxChanges}, largest execution ${largest} items (${(largestBytes / 2 ** 20).toFixed(1)} MiB of JSON), lost ${lost}, duplicated ${duplicated}, unexpected ${unexpected}`,
	};
});
