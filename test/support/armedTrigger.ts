import type { INodeParameters } from 'n8n-workflow';

import { PollHarness, type PollHarnessOptions } from '../harness/poll';
import type { Fixture } from './emulatorFixture';
import type { useFakeDate } from './fakeDate';
import { single } from './query';

const MIN = 60_000;

/**
 * A Workforce Trigger on the fixture's emulator and credential, polled through n8n-core's
 * PollTriggerExecutor: its parameters, and the harness's other options.
 */
export function pollTrigger(
	fx: Fixture,
	parameters: INodeParameters,
	options: Omit<PollHarnessOptions, 'credentials' | 'parameters'> = {},
): PollHarness {
	return new PollHarness({ ...options, credentials: fx.credentials, parameters });
}

/** The requests the emulator logged for one extraction path, with their query as single values. */
export function pagesOf(fx: Fixture, path: string) {
	return fx
		.apiRequests()
		.filter((r) => r.path === path)
		.map((r) => ({ ...r, query: single(r.query) }));
}

/**
 * An active time-registration trigger (past its first poll) with `count` changes waiting, the
 * request log marked: the next tick reads them.
 */
export async function armedTrigger(
	fx: Fixture,
	clock: ReturnType<typeof useFakeDate>,
	options: INodeParameters,
	{ count = 12, typeVersion }: { count?: number; typeVersion?: number } = {},
) {
	const data = fx.emulator.ctx.sections.workData.data;
	const trigger = pollTrigger(fx, { event: 'timeRegistration', options }, { typeVersion });
	await trigger.tick();
	clock.advance(MIN);
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		ids.push(data.timeRegistrationId(data.addTimeRegistration({ hours: 1 + i / 10 })));
		clock.advance(1000);
	}
	clock.advance(MIN);
	fx.mark();
	return { trigger, ids };
}
