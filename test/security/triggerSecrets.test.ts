import type { INodeParameters } from 'n8n-workflow';

import type { FaultAction } from '../emulator/control/faults';
import { capturedLogs, CREDENTIAL_ID } from '../harness/execute';
import { PollHarness } from '../harness/poll';
import { useEmulator, runOperation } from '../support/emulatorFixture';
import { closedPort, leaksIn, secretsOf } from './support';

const FAST = { retries: 0, retryDelayMs: 1 };
const EVENTS: Array<{
	name: string;
	api: 'integration' | 'extraction';
	parameters: INodeParameters;
}> = [
	{
		name: 'Time Registration',
		api: 'extraction',
		parameters: { event: 'timeRegistration', options: FAST },
	},
	{ name: 'Payroll Line', api: 'extraction', parameters: { event: 'payrollLine', options: FAST } },
	{ name: 'Image Added', api: 'extraction', parameters: { event: 'image', options: FAST } },
	{
		name: 'Payroll Export Data Changed',
		api: 'integration',
		parameters: { event: 'payrollExport', workDateRangeDays: 5, options: FAST },
	},
];

const SCENARIOS: Array<{
	name: string;
	fault?: (token: string) => FaultAction;
	count?: number;
	refused?: boolean;
}> = [
	{ name: 'a clean poll' },
	{
		name: '400 echoing the Authorization header',
		fault: (token) => ({
			kind: 'status',
			status: 400,
			body: {
				message: `Bad header Bearer ${token}`,
				errors: [{ field: 'authorization', message: token }],
			},
		}),
	},
	{ name: '401 after the refresh', fault: () => ({ kind: 'status', status: 401 }), count: 2 },
	{ name: '500', fault: () => ({ kind: 'status', status: 500 }) },
	{ name: 'dropped connection', fault: () => ({ kind: 'drop' }) },
	{ name: 'refused port', refused: true },
];

const CASES = EVENTS.flatMap((event) =>
	SCENARIOS.map((scenario) => ({ label: `${event.name}: ${scenario.name}`, event, scenario })),
);

/** The trigger: tokens never in its errors, emitted items, stored cursor / static data or logs. */
describe('Security: the Workforce Trigger keeps the secret and tokens out of everything it stores or shows', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 50 }, images: { parentsPerSource: 2 } });

	it.each(CASES)('$label', async ({ event, scenario }) => {
		const logsFrom = capturedLogs.length;
		const trigger = new PollHarness({ credentials: fx.credentials, parameters: event.parameters });
		const first = await trigger.tick();
		expect(first.error).toBeUndefined();
		// The first poll may only set its starting point; a node run makes sure a token is held.
		await runOperation(fx, 'machineType', 'getAll', { returnAll: true });
		const token = (
			JSON.parse(String(fx.credentials.get(CREDENTIAL_ID)?.accessToken)) as {
				tokens: Array<{ token: string }>;
			}
		).tokens[0].token;
		if (scenario.refused) {
			const closed = `http://127.0.0.1:${await closedPort()}`;
			const accessToken = fx.credentials.get(CREDENTIAL_ID)?.accessToken as string;
			fx.useClient(
				undefined,
				event.api === 'integration'
					? { integrationBaseUrl: `${closed}/core`, accessToken }
					: { extractionBaseUrl: `${closed}/reporting`, accessToken },
			);
		}
		if (scenario.fault)
			fx.emulator.ctx.faults.add({
				api: event.api,
				count: scenario.count ?? 1,
				action: scenario.fault(token),
			});
		fx.mark();

		const tick = await trigger.tick();

		if (scenario.fault || scenario.refused) expect(tick.error).toBeDefined();
		else expect(tick.error).toBeUndefined();
		if (!scenario.refused) expect(fx.apiRequests().length).toBeGreaterThan(0);
		const error = tick.error as (Error & { description?: unknown }) | undefined;
		const text = [
			JSON.stringify({
				items: tick.items,
				executions: trigger.executions,
				state: trigger.state,
				stored: trigger.storedCursor,
				staticData: trigger.savedStaticData,
			}),
			error
				? `${error.message}\n${String(error.description ?? '')}\n${error.stack ?? ''}\n${JSON.stringify(error)}`
				: '',
			capturedLogs.slice(logsFrom).join('\n'),
		].join('\n');
		expect(secretsOf(fx)).toContain(token);
		expect(leaksIn(text, secretsOf(fx))).toEqual([]);
	});
});
