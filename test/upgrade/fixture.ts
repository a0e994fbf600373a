import { FROM_VERSION_2 } from '../../nodes/shared/nodeVersion';
import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { WorkforceTrigger } from '../../nodes/WorkforceTrigger/WorkforceTrigger.node';
import { startEmulator, DEMO, type Emulator } from '../emulator';
import { TestCredentialsHelper } from '../harness/credentialsHelper';
import { CREDENTIAL_ID } from '../harness/execute';
import { stopDateAt } from '../support/fakeDate';
import { fixtureRequests, type Observed } from './observed';
import type { WorkDataChange } from './release';

/*
 * The in-process side of the upgrade contract (test/upgrade/upgrade.test.ts, writeFixture.ts):
 * Date stopped for node and service, a fresh emulator in this process. What the fixture holds is
 * in release.ts; how a run is compared, in observed.ts (shared with the real-n8n run in e2e).
 */
export * from './release';
export * from './observed';

export const CREDENTIALS = { workforceApi: { id: CREDENTIAL_ID, name: 'Workforce account' } };

/** Every operation of the Workforce node as `resource.operation`, from its description. */
export function everyOperation(): string[] {
	// Node version 2 is unreleased (CHANGELOG): no saved workflow can hold an operation only its
	// selector offers (Plan Windows) before the release that ships it adds its fixture.
	const unreleased = JSON.stringify(FROM_VERSION_2['@version']);
	const operations = new Workforce().description.properties
		.filter(
			(p) =>
				p.name === 'operation' &&
				JSON.stringify(p.displayOptions?.show?.['@version']) !== unreleased,
		)
		.flatMap((p) =>
			(p.options as Array<{ value: string }>).map(
				(o) => `${String(p.displayOptions?.show?.resource?.[0])}.${o.value}`,
			),
		);
	return [...new Set(operations)];
}

/** Every event of the Workforce Trigger, from its description. */
export function everyTriggerEvent(): string[] {
	const event = new WorkforceTrigger().description.properties.find((p) => p.name === 'event');
	return (event?.options as Array<{ value: string }>).map((o) => o.value);
}

/** Date stopped at one instant for node and service alike; timers stay real (see test/support/fakeDate.ts). */
export function stopDate(at: string) {
	stopDateAt(new Date(at).getTime());
}

export function setDate(at: string) {
	jest.setSystemTime(new Date(at).getTime());
}

/** A fresh seeded emulator and the admin credential pointing at it. */
export async function freshService(
	seed?: Parameters<typeof startEmulator>[0],
): Promise<{ emulator: Emulator; credentials: TestCredentialsHelper; seq: () => number }> {
	const emulator = await startEmulator(seed);
	const credentials = new TestCredentialsHelper();
	credentials.set(CREDENTIAL_ID, {
		clientId: DEMO.clients.admin.clientId,
		clientSecret: DEMO.clients.admin.clientSecret,
		scopes: `${DEMO.scopes.integration} ${DEMO.scopes.extraction}`,
		integrationBaseUrl: emulator.urls.integration,
		extractionBaseUrl: emulator.urls.extraction,
		identityBaseUrl: emulator.urls.identity,
	});
	return { emulator, credentials, seq: () => emulator.ctx.log.lastSeq };
}

/** API requests since `seq`, as a fixture keeps them. */
export function requestsSince(emulator: Emulator, seq: number): Observed['requests'] {
	return fixtureRequests(emulator.ctx.log.since(seq));
}

/** Applies a recorded change to the emulator's time registrations at its moment. */
export function applyChange(emulator: Emulator, change: WorkDataChange): string {
	setDate(change.at);
	const data = emulator.ctx.sections.workData.data;
	if (change.op === 'add')
		return data.timeRegistrationId(data.addTimeRegistration({ hours: change.hours }));
	const id = data.timeRegistrationId(change.index as number);
	if (change.op === 'change') data.changeTimeRegistration(id, { hours: change.hours });
	else data.deleteTimeRegistration(id);
	return id;
}
