import { request } from 'undici';

import { stableHash } from '../../../nodes/WorkforceTrigger/sync/changes';
import { pollTrigger } from '../../support/armedTrigger';
import { DEMO, useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { fetchToken } from '../../support/fetchToken';
import { emittedFigures, firedSince, rng } from '../../support/soak';

const SEC = 1000;
const MIN = 60 * SEC;
const DAY = 24 * 60 * MIN;

describe('Workforce Trigger > Soak: payroll export data, each new content of an employee-day exactly once', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 120 } });
	const data = () => fx.emulator.ctx.sections.workData.data;

	/** The oracle: the whole export as it stands, read directly (not through the node). */
	async function currentRows(token: string): Promise<Array<Record<string, unknown>>> {
		const today = new Date(Date.now()).toISOString().slice(0, 10);
		const from = new Date(Date.parse(today) - 20 * DAY).toISOString().slice(0, 10);
		const qs = new URLSearchParams({
			fromWorkDate: from,
			toWorkDate: today,
			dataFilter: '10',
			userPayrollTypeFilter: 'all-users',
		});
		const res = await request(`${fx.emulator.urls.integration}/api/payroll-export/?${qs}`, {
			headers: { authorization: `Bearer ${token}` },
		});
		expect(res.statusCode).toBe(200);
		return (await res.body.json()) as Array<Record<string, unknown>>;
	}

	it('60 polls with registrations added and changed and injected faults', async () => {
		const random = rng(99);
		const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
		const trigger = pollTrigger(fx, {
			event: 'payrollExport',
			workDateRangeDays: 20,
			exportFilters: { dataFilter: 10, userPayrollTypeFilter: 'all-users' },
			options: { retries: 3, retryDelayMs: 1, timeout: 1000 },
		});
		await trigger.tick();
		const origin = Date.now();
		const mine: string[] = [];
		const required = new Set<string>();
		const observed = new Set<string>();
		const emitted = new Map<string, number>();
		const firedBefore = { ...fx.emulator.ctx.faults.fired };
		let failedPolls = 0;
		let mutations = 0;
		const polls = 60;
		for (let tick = 1; tick <= polls + 2; tick++) {
			const quiet = tick > polls;
			clock.advance(quiet ? 11 * MIN : Math.floor(20 * SEC + random() * 150 * SEC));
			if (!quiet) {
				for (let i = Math.floor(random() * 4); i > 0; i--) {
					mutations++;
					if (random() < 0.5 || mine.length < 3) {
						const workDate = new Date(Date.now() - Math.floor(random() * 8) * DAY)
							.toISOString()
							.slice(0, 10);
						const index = data().addTimeRegistration({
							userId: pick(data().employees).id,
							workDate,
							hours: 1 + Math.floor(random() * 8),
							state: pick(['unapproved', 'approved', 'locked'] as const),
						});
						mine.push(data().timeRegistrationId(index));
					} else {
						data().changeTimeRegistration(pick(mine), { hours: 1 + Math.floor(random() * 10) });
					}
				}
				const fault = random();
				const faults = fx.emulator.ctx.faults;
				if (fault < 0.1)
					faults.add({
						api: 'integration',
						path: '/api/payroll-export',
						action: { kind: 'status', status: 500 },
					});
				else if (fault < 0.16)
					faults.add({ api: 'integration', path: '/api/payroll-export', action: { kind: 'drop' } });
				else if (fault < 0.22)
					faults.add({
						api: 'integration',
						path: '/api/payroll-export',
						action: { kind: 'expireTokens' },
					});
				else if (fault < 0.27)
					faults.add({
						api: 'integration',
						path: '/api/payroll-export',
						count: 4,
						action: { kind: 'status', status: 503 },
					});
			}
			const result = await trigger.tick();
			fx.emulator.ctx.faults.clear();
			const now = await currentRows(await fetchToken(fx.emulator, DEMO.clients.admin));
			for (const row of now) {
				const key = `${String(row.userId)}|${String(row.transDateTime).slice(0, 10)}@${stableHash(row)}`;
				observed.add(key);
				if (!result.error && Date.parse(String(row.modifiedDateTime)) >= origin) required.add(key);
			}
			if (result.error) failedPolls++;
			for (const item of result.items) {
				const { event, ...row } = item.json;
				expect(event).toBe('changed');
				const key = `${String(row.userId)}|${String(row.transDateTime).slice(0, 10)}@${stableHash(row)}`;
				emitted.set(key, (emitted.get(key) ?? 0) + 1);
			}
		}
		const lost = [...required].filter((k) => !emitted.has(k)).length;
		const faults = firedSince(fx.emulator.ctx.faults.fired, firedBefore);
		const figures = {
			polls: polls + 3,
			mutations,
			failedPolls,
			required: required.size,
			lost,
			...emittedFigures(emitted, observed),
			faults,
		};
		console.log(`Trigger soak (payroll export): ${JSON.stringify(figures)}`);
		expect(figures).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
		expect(required.size).toBeGreaterThan(40);
		expect(failedPolls).toBeGreaterThan(0);
	});
});
