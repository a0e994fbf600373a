import { request } from 'undici';

import { fetchToken } from '../support/fetchToken';
import { DEMO, startEmulator, type Emulator } from './index';

/** ExportFilter and UserPayrollTypeFilter on /v1/payroll-lines[-extended] (behaviour notes: payroll lines take two more filters). */
describe('Emulator: payroll-line filters', () => {
	let emulator: Emulator;
	let token: string;
	// A fresh service per case (a few ms): one case deletes a line that another counts.
	beforeEach(async () => {
		emulator = await startEmulator({ workData: { timeRegistrations: 1500, pageSize: 5000 } });
		token = await fetchToken(emulator, DEMO.clients.admin);
	});
	afterEach(async () => emulator.close());

	const data = () => emulator.ctx.sections.workData.data;
	async function get(path: string, query: Record<string, string>) {
		const res = await request(
			`${emulator.urls.extraction}${path}?${new URLSearchParams(query).toString()}`,
			{ headers: { authorization: `Bearer ${token}` } },
		);
		return { status: res.statusCode, body: (await res.body.json()) as Record<string, any> };
	}
	const hourly = (userId: string) => data().employees.find((e) => e.id === userId)!.hourly;

	for (const path of ['/v1/payroll-lines', '/v1/payroll-lines-extended']) {
		it(`${path}: the defaults leave out fixed-pay employees and days not approved; All + AllUsers return every line`, async () => {
			const lines = data().payrollLines();
			const all = (await get(path, { ExportFilter: 'All', UserPayrollTypeFilter: 'AllUsers' })).body
				.data as Array<Record<string, any>>;
			expect(all).toHaveLength(lines.count);
			const byDefault = (await get(path, {})).body.data as Array<Record<string, any>>;
			const expected = all.filter((l) => l.approved && hourly(l.userId));
			expect(byDefault.map((l) => l.id)).toEqual(expected.map((l) => l.id));
			// Both kinds left out exist in the data, so the default really leaves something out.
			expect(all.some((l) => !hourly(l.userId))).toBe(true);
			expect(all.some((l) => !l.approved && hourly(l.userId))).toBe(true);
			// Sending the defaults explicitly changes nothing.
			const explicit = (
				await get(path, { ExportFilter: 'OnlyApproved', UserPayrollTypeFilter: 'PaidByHour' })
			).body.data as Array<Record<string, any>>;
			expect(explicit.map((l) => l.id)).toEqual(byDefault.map((l) => l.id));
		});
	}

	it('FixedPay returns only fixed-pay employees; OnlyLocked only days whose hours are all locked; values are case-insensitive', async () => {
		const all = (
			await get('/v1/payroll-lines', { ExportFilter: 'All', UserPayrollTypeFilter: 'AllUsers' })
		).body.data as Array<Record<string, any>>;
		const fixed = (
			await get('/v1/payroll-lines', { exportfilter: 'all', userpayrolltypefilter: 'fixedpay' })
		).body.data as Array<Record<string, any>>;
		expect(fixed.length).toBeGreaterThan(0);
		expect(fixed.map((l) => l.id)).toEqual(all.filter((l) => !hourly(l.userId)).map((l) => l.id));
		const locked = (
			await get('/v1/payroll-lines', {
				ExportFilter: 'OnlyLocked',
				UserPayrollTypeFilter: 'AllUsers',
			})
		).body.data as Array<Record<string, any>>;
		expect(locked.length).toBeGreaterThan(0);
		expect(locked.map((l) => l.id)).toEqual(
			all
				.filter(
					(l) =>
						l.approved && l.lockedQty + l.absenceLockedQty === l.approvedQty + l.absenceApprovedQty,
				)
				.map((l) => l.id),
		);
		expect(locked.length).toBeLessThan(all.filter((l) => l.approved).length);
	});

	it('an unknown value answers 400 naming the parameter and the allowed values', async () => {
		for (const [name, value] of [
			['ExportFilter', 'Approved'],
			['UserPayrollTypeFilter', 'all-users'],
		]) {
			const { status, body } = await get('/v1/payroll-lines', { [name]: value });
			expect(status).toBe(400);
			expect(body.errors[0]).toMatchObject({
				field: name,
				message: expect.stringContaining(
					name === 'ExportFilter'
						? 'OnlyApproved, OnlyLocked, All'
						: 'PaidByHour, FixedPay, AllUsers',
				),
			});
		}
	});

	it('incremental mode: a tombstone of a fixed-pay employee comes only with a user filter that includes fixed pay', async () => {
		const lines = data().payrollLines();
		let fixedLine = -1;
		for (let i = 0; i < lines.count && fixedLine < 0; i++)
			if (!data().employees[lines.userOf(i)].hourly && !lines.deleted[i]) fixedLine = i;
		const id = lines.id(fixedLine);
		emulator.ctx.clock.advance(60_000);
		const since = emulator.ctx.clock.nowIso();
		data().deletePayrollLine(id);
		const byDefault = (await get('/v1/payroll-lines', { ModifiedSince: since })).body.data as Array<
			Record<string, any>
		>;
		expect(byDefault.map((l) => l.id)).not.toContain(id);
		const everyone = (
			await get('/v1/payroll-lines', { ModifiedSince: since, UserPayrollTypeFilter: 'AllUsers' })
		).body.data as Array<Record<string, any>>;
		expect(everyone).toEqual([
			{
				id,
				isDeleted: true,
				deletedDateTime: expect.any(String),
				modifiedDateTime: expect.any(String),
			},
		]);
	});

	it('payroll lines need a client with Administrator access: 403 AdministratorRequired otherwise; time registrations do not (behaviour notes)', async () => {
		const nonAdmin = await fetchToken(emulator, DEMO.clients.nonAdmin);
		for (const path of ['/v1/payroll-lines', '/v1/payroll-lines-extended']) {
			const res = await request(`${emulator.urls.extraction}${path}?ExportFilter=All`, {
				headers: { authorization: `Bearer ${nonAdmin}` },
			});
			const body = (await res.body.json()) as Record<string, any>;
			expect([path, res.statusCode]).toEqual([path, 403]);
			expect(body.errors[0]).toMatchObject({
				category: 'AccessDeniedError',
				code: 'AdministratorRequired',
			});
			expect(body.message).toContain('Administrator access');
		}
		const registrations = await request(
			`${emulator.urls.extraction}/v1/time-registrations?ChunkLimit=1`,
			{ headers: { authorization: `Bearer ${nonAdmin}` } },
		);
		expect(registrations.statusCode).toBe(200);
		await registrations.body.dump();
		expect((await get('/v1/payroll-lines', { ChunkLimit: '1' })).status).toBe(200);
	});
});
