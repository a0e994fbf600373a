import { request } from 'undici';

import { fetchToken } from '../support/fetchToken';
import { LATE_DAYS, LATE_TEAM_EVERY } from './extraction/lateApproval';
import { DEMO, startEmulator } from './index';

/**
 * Approval near the end of a period (issue 44): one supervisor's team approves a month's last days
 * only after the month, on the 4th at 10:00 UTC. A payroll run on the 2nd finds them in All Data and
 * not in Only Approved; a run after the 4th finds them approved. Expected days derive from the instant.
 */
describe('Emulator: hours approved late at the end of a month', () => {
	/** The previous month of `now` (UTC) and its last LATE_DAYS calendar days. */
	function lastMonthOf(now: string) {
		const at = new Date(now);
		const first = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
		const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 0));
		const iso = (d: Date) => d.toISOString().slice(0, 10);
		const lateFrom = new Date(last.getTime() - (LATE_DAYS - 1) * 86_400_000);
		return { from: iso(first), to: iso(last), lateFrom: iso(lateFrom) };
	}

	async function octoberAt(now: string) {
		const emulator = await startEmulator({
			clock: { mode: 'frozen', now },
			workData: { timeRegistrations: 3000 },
		});
		try {
			const token = await fetchToken(emulator, DEMO.clients.admin);
			const month = lastMonthOf(now);
			const read = async (dataFilter: number) => {
				const query = new URLSearchParams({
					fromWorkDate: month.from,
					toWorkDate: month.to,
					dataFilter: String(dataFilter),
					userPayrollTypeFilter: 'all-users',
				});
				const res = await request(
					`${emulator.urls.integration}/api/payroll-export/readonly?${query.toString()}`,
					{ headers: { authorization: `Bearer ${token}` } },
				);
				return (await res.body.json()) as Array<{ employeeNumber: string; transDateTime: string }>;
			};
			const late = new Set(
				emulator.ctx.sections.workData.data.employees
					.filter((_, i) => i % LATE_TEAM_EVERY === 1)
					.map((e) => e.employeeNumber),
			);
			const lateEnd = (rows: Awaited<ReturnType<typeof read>>) =>
				rows
					.filter(
						(r) => late.has(r.employeeNumber) && r.transDateTime.slice(0, 10) >= month.lateFrom,
					)
					.map((r) => `${r.employeeNumber} ${r.transDateTime.slice(0, 10)}`);
			return { all: lateEnd(await read(10)), approved: lateEnd(await read(0)), month };
		} finally {
			await emulator.close();
		}
	}

	it('on the 2nd the late team has its last days of last month in All Data, none approved', async () => {
		const { all, approved } = await octoberAt('2026-11-02T07:00:00Z');
		expect(all.length).toBeGreaterThan(0);
		expect(approved).toEqual([]);
	});

	it('after the 4th at 10:00 UTC the same days are approved (all but the few a supervisor missed)', async () => {
		const before = await octoberAt('2026-11-04T09:59:00Z');
		const after = await octoberAt('2026-11-04T10:00:01Z');
		expect(before.approved).toEqual([]);
		expect(after.all).toEqual(before.all);
		expect(after.approved.length).toBeGreaterThan(after.all.length / 2);
		expect(after.approved.every((row) => after.all.includes(row))).toBe(true);
	});

	it('the other employees approve as before: their last days of the month are mostly approved on the 2nd', async () => {
		const emulator = await startEmulator({
			clock: { mode: 'frozen', now: '2026-11-02T07:00:00Z' },
			workData: { timeRegistrations: 3000 },
		});
		try {
			const data = emulator.ctx.sections.workData.data;
			const lateFrom = Date.UTC(2026, 9, 27) / 86_400_000;
			const lateTo = Date.UTC(2026, 9, 31) / 86_400_000;
			const others = { approved: 0, all: 0 };
			for (let i = 0; i < data.count; i++) {
				if (data.day[i] < lateFrom || data.day[i] > lateTo) continue;
				expect([data.user[i] % LATE_TEAM_EVERY === 1, data.state[i]]).not.toEqual([true, 1]);
				if (data.user[i] % LATE_TEAM_EVERY === 1) continue;
				others.all++;
				if (data.state[i] !== 0) others.approved++;
			}
			expect(others.approved).toBeGreaterThan(others.all / 2);
		} finally {
			await emulator.close();
		}
	});
});
