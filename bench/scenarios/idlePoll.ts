/*
 * Idle trigger polls: the Workforce Trigger (time registrations) activated, then BENCH_IDLE_POLLS
 * scheduled polls through n8n-core's PollTriggerExecutor while nothing changes. Reports the
 * time per poll; the runner counts the requests.
 */
import { PollHarness } from '../../test/harness/poll';
import { markStart, report, targetFromEnv } from '../measure';
import { credentialsFor } from './engine';

const polls = Number(process.env.BENCH_IDLE_POLLS ?? 20);

void (async () => {
	const trigger = new PollHarness({
		credentials: credentialsFor(targetFromEnv()),
		parameters: { event: 'timeRegistration', options: {} },
	});
	// Activation and the first poll catch up; only what follows is idle.
	const first = await trigger.activate();
	if (first.error) throw first.error;
	await trigger.tick();
	await markStart();
	await report(async () => {
		let emitted = 0;
		const started = Date.now();
		for (let i = 0; i < polls; i++) {
			const tick = await trigger.tick();
			if (tick.error) throw tick.error;
			emitted += tick.items.length;
		}
		return {
			records: emitted,
			requests: polls,
			note: `${polls} polls, ${((Date.now() - started) / polls).toFixed(1)} ms per poll`,
		};
	});
})();
