import { request } from 'undici';

import { fetchToken } from '../support/fetchToken';
import { DEMO, startEmulator, type Emulator } from './index';

/**
 * Contract of the extraction endpoints (/v1/time-registrations, /v1/payroll-lines[-extended]), driven with undici.
 * The service's clock is frozen: a test reads "now", changes a record and asks for changes since
 * that instant; with real time a millisecond could tick in between and change the answer.
 */
describe('Emulator: data extraction', () => {
	let emulator: Emulator;
	let token: string;

	// A fresh service per case (its 3000 registrations are made in a few ms): cases delete, add and
	// change registrations, and others count them.
	beforeEach(async () => {
		emulator = await startEmulator({
			clock: 'frozen',
			workData: { timeRegistrations: 3000, pageSize: 500 },
		});
		token = await fetchToken(emulator, DEMO.clients.admin);
	});
	afterEach(async () => emulator.close());

	async function get(
		path: string,
		query: Record<string, string | number> | URLSearchParams = {},
		bearer = token,
	) {
		const qs =
			query instanceof URLSearchParams
				? query
				: new URLSearchParams(
						Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
					);
		const res = await request(`${emulator.urls.extraction}${path}?${qs.toString()}`, {
			headers: { authorization: `Bearer ${bearer}` },
		});
		const text = await res.body.text();
		return { status: res.statusCode, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
	}

	async function drain(path: string, query: Record<string, string | number>) {
		const records: Array<Record<string, any>> = [];
		const pages: Array<Record<string, any>> = [];
		let next: string | undefined;
		do {
			const { status, body } = await get(
				path,
				next ? { ...query, ContinuationToken: next } : query,
			);
			expect(status).toBe(200);
			pages.push(body);
			records.push(...body.data);
			next = body.continuationToken || undefined;
		} while (next);
		return { records, pages };
	}

	it('full mode: every live registration exactly once, in creation order, with the envelope fields', async () => {
		const { records, pages } = await drain('/v1/time-registrations', {});
		const data = emulator.ctx.sections.workData.data;
		expect(records).toHaveLength(data.count);
		expect(new Set(records.map((r) => r.id)).size).toBe(data.count);
		expect(pages.length).toBe(Math.ceil(data.count / 500));
		expect(pages[0]).toMatchObject({
			syncTypeName: 'full',
			recordCount: 500,
			deletedRecordCount: 0,
			meta: { pageNumber: 1 },
		});
		expect(pages[0].links.next).toMatch(/^\/v1\/time-registrations\?ContinuationToken=/);
		expect(pages.at(-1)!.continuationToken).toBe('');
		expect(records[0]).toMatchObject({
			isDeleted: false,
			approved: expect.any(Boolean),
			locked: expect.any(Boolean),
			qty: expect.any(Number),
		});
		const states = new Set(
			records.map((r) => (r.locked ? 'locked' : r.approved ? 'approved' : 'unapproved')),
		);
		expect(states).toEqual(new Set(['locked', 'approved', 'unapproved']));
	});

	it('FromDateTime and ToDateTime are both inclusive, on workDate; equal ends are one instant; chained windows share their boundary', async () => {
		const { records: all } = await drain('/v1/time-registrations', {});
		const days = [...new Set(all.map((r) => r.workDate as string))].sort();
		const from = `${days[3]}T00:00:00Z`;
		const to = `${days[8]}T00:00:00Z`;
		const { records } = await drain('/v1/time-registrations', {
			FromDateTime: from,
			ToDateTime: to,
		});
		const expected = all.filter((r) => r.workDate >= days[3] && r.workDate <= days[8]);
		expect(records.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
		// A record dated exactly at ToDateTime is returned, whatever its start time.
		expect(records.some((r) => r.workDate === days[8])).toBe(true);
		const one = await drain('/v1/time-registrations', { FromDateTime: to, ToDateTime: to });
		expect(one.records.length).toBeGreaterThan(0);
		expect(one.records.every((r) => r.workDate === days[8])).toBe(true);
		// Two windows chained end to start both return the boundary day; clipped 1 ms before, none twice.
		const mid = `${days[5]}T00:00:00Z`;
		const first = await drain('/v1/time-registrations', { FromDateTime: from, ToDateTime: mid });
		const second = await drain('/v1/time-registrations', { FromDateTime: mid, ToDateTime: to });
		const shared = first.records.filter((r) => second.records.some((s) => s.id === r.id));
		expect(shared.length).toBeGreaterThan(0);
		expect(shared.every((r) => r.workDate === days[5])).toBe(true);
		const clipped = await drain('/v1/time-registrations', {
			FromDateTime: from,
			ToDateTime: new Date(Date.parse(mid) - 1).toISOString(),
		});
		expect(clipped.records.length + second.records.length).toBe(records.length);
	});

	it('payroll lines: the window is on transDateTime, both ends included', async () => {
		const { records: all } = await drain('/v1/payroll-lines', {});
		const days = [...new Set(all.map((r) => r.transDateTime as string))].sort();
		const { records } = await drain('/v1/payroll-lines', {
			FromDateTime: days[2],
			ToDateTime: days[4],
			ExportFilter: 'All',
			UserPayrollTypeFilter: 'AllUsers',
		});
		expect(new Set(records.map((r) => r.transDateTime))).toEqual(
			new Set([days[2], days[3], days[4]]),
		);
	});

	it('incremental mode: oldest change first, ModifiedSince <= modified < ModifiedBefore, pages never split a timestamp', async () => {
		const data = emulator.ctx.sections.workData.data;
		const { records: all } = await drain('/v1/time-registrations', {});
		const times = all.map((r) => r.modifiedDateTime as string).sort();
		const since = times[500];
		const before = times[2500];
		const { records, pages } = await drain('/v1/time-registrations', {
			ModifiedSince: since,
			ModifiedBefore: before,
			ChunkLimit: 100,
		});
		expect(records.length).toBe(times.filter((t) => t >= since && t < before).length);
		expect(pages[0].syncTypeName).toBe('incremental');
		const seen = records.map((r) => r.modifiedDateTime as string);
		expect([...seen].sort()).toEqual(seen);
		for (let p = 1; p < pages.length; p++) {
			expect(pages[p].data[0].modifiedDateTime > pages[p - 1].data.at(-1).modifiedDateTime).toBe(
				true,
			);
		}
		// Weekly approvals share a timestamp, so some page holds more than ChunkLimit records.
		expect(pages.some((p) => p.data.length > 100)).toBe(true);
		expect(data.count).toBe(3000);
	});

	it('a deletion is a tombstone with only id, isDeleted, deletedDateTime and modifiedDateTime, in incremental mode only', async () => {
		const data = emulator.ctx.sections.workData.data;
		emulator.ctx.clock.advance(60_000);
		const since = emulator.ctx.clock.nowIso();
		const id = data.timeRegistrationId(10);
		data.deleteTimeRegistration(id);
		const added = data.timeRegistrationId(
			data.addTimeRegistration({ hours: 4, state: 'approved' }),
		);
		const { records } = await drain('/v1/time-registrations', { ModifiedSince: since });
		expect(records.map((r) => r.id)).toEqual([id, added]);
		expect(Object.keys(records[0]).sort()).toEqual([
			'deletedDateTime',
			'id',
			'isDeleted',
			'modifiedDateTime',
		]);
		expect(records[0].isDeleted).toBe(true);
		const full = await drain('/v1/time-registrations', {});
		expect(full.records.find((r) => r.id === id)).toBeUndefined();
		expect(full.records.find((r) => r.id === added)).toMatchObject({ qty: 4, approved: true });
	});

	it('300 records changed at one timestamp arrive on one page even with ChunkLimit 100', async () => {
		const data = emulator.ctx.sections.workData.data;
		emulator.ctx.clock.advance(60_000);
		const since = emulator.ctx.clock.nowIso();
		emulator.ctx.clock.advance(1000);
		data.changeTimeRegistration(data.timeRegistrationId(1), { description: 'before the batch' });
		emulator.ctx.clock.advance(1000);
		const ids = Array.from({ length: 300 }, (_, i) => data.timeRegistrationId(100 + i));
		data.changeTimeRegistrations(ids, { state: 'approved' });
		emulator.ctx.clock.advance(1000);
		data.changeTimeRegistration(data.timeRegistrationId(2), { description: 'after the batch' });
		const { pages } = await drain('/v1/time-registrations', {
			ModifiedSince: since,
			ChunkLimit: 100,
		});
		expect(pages.map((p) => p.data.length)).toEqual([301, 1]);
		expect(pages[0].data[0].id).toBe(data.timeRegistrationId(1));
		expect(new Set(pages[0].data.slice(1).map((r: any) => r.modifiedDateTime)).size).toBe(1);
	});

	it('never mixes tokens of full and incremental syncs: a token sent in the other mode answers 400 ContinuationTokenModeMismatch (behaviour notes)', async () => {
		const since = '2000-01-01T00:00:00Z';
		for (const path of ['/v1/time-registrations', '/v1/payroll-lines-extended', '/v1/project']) {
			const full = await get(path, { ChunkLimit: 5 });
			const incremental = await get(path, { ChunkLimit: 5, ModifiedSince: since });
			const fullToken = full.body.continuationToken as string;
			const incToken = incremental.body.continuationToken as string;
			expect([path, fullToken !== '', incToken !== '']).toEqual([path, true, true]);
			// Each continues its own mode.
			expect((await get(path, { ChunkLimit: 5, ContinuationToken: fullToken })).status).toBe(200);
			expect(
				(await get(path, { ChunkLimit: 5, ModifiedSince: since, ContinuationToken: incToken }))
					.status,
			).toBe(200);
			const fullInIncremental = await get(path, {
				ChunkLimit: 5,
				ModifiedSince: since,
				ContinuationToken: fullToken,
			});
			expect(fullInIncremental.status).toBe(400);
			expect(fullInIncremental.body.errors[0]).toMatchObject({
				field: 'ContinuationToken',
				code: 'ContinuationTokenModeMismatch',
			});
			expect(fullInIncremental.body.errors[0].message).toMatch(
				/issued by a full sync .*cannot continue an incremental sync/,
			);
			const incrementalInFull = await get(path, { ChunkLimit: 5, ContinuationToken: incToken });
			expect(incrementalInFull.status).toBe(400);
			expect(incrementalInFull.body.errors[0]).toMatchObject({
				field: 'ContinuationToken',
				code: 'ContinuationTokenModeMismatch',
			});
			expect(incrementalInFull.body.errors[0].message).toMatch(
				/issued by an incremental sync .*cannot continue a full sync/,
			);
		}
	});

	it('answers 400 for a malformed, altered or re-used-with-other-parameters token, and for bad parameters', async () => {
		const first = await get('/v1/time-registrations', { ChunkLimit: 100 });
		const t = first.body.continuationToken as string;
		expect(
			(await get('/v1/time-registrations', { ChunkLimit: 100, ContinuationToken: t })).status,
		).toBe(200);
		const altered = (t[0] === 'A' ? 'B' : 'A') + t.slice(1);
		for (const bad of ['garbage', altered, t + 'x']) {
			const res = await get('/v1/time-registrations', { ChunkLimit: 100, ContinuationToken: bad });
			expect(res.status).toBe(400);
			expect(res.body.errors[0]).toMatchObject({
				field: 'ContinuationToken',
				code: 'InvalidContinuationToken',
			});
		}
		const other = await get('/v1/time-registrations', { ChunkLimit: 200, ContinuationToken: t });
		expect(other.status).toBe(400);
		expect(other.body.errors[0].code).toBe('ContinuationTokenQueryMismatch');
		const incremental = await get('/v1/payroll-lines', { ChunkLimit: 100, ContinuationToken: t });
		expect(incremental.status).toBe(400);
		expect(
			(await get('/v1/time-registrations', { ModifiedBefore: '2026-01-01T00:00:00Z' })).body
				.errors[0].field,
		).toBe('ModifiedBefore');
		expect(
			(
				await get('/v1/time-registrations', {
					ModifiedSince: '2026-01-02T00:00:00Z',
					ModifiedBefore: '2026-01-01T00:00:00Z',
				})
			).status,
		).toBe(400);
		expect((await get('/v1/time-registrations', { ChunkLimit: 0 })).body.errors[0].field).toBe(
			'ChunkLimit',
		);
		expect((await get('/v1/time-registrations', { ChunkLimit: 10001 })).status).toBe(400);
		expect(
			(await get('/v1/time-registrations', { FromDateTime: 'yesterday' })).body.errors[0].field,
		).toBe('FromDateTime');
		expect((await get('/v1/time-registrations', {}, 'not-a-token')).status).toBe(401);
	});

	it('query parameter names are matched case-insensitively', async () => {
		const res = await get('/v1/time-registrations', { chunklimit: 7 });
		expect(res.body.data).toHaveLength(7);
	});

	it('payroll lines: one per employee per day, figures derived from the registrations; extended adds ordered overtimeLines', async () => {
		const data = emulator.ctx.sections.workData.data;
		const { records: regs } = await drain('/v1/time-registrations', {});
		const { records: lines } = await drain('/v1/payroll-lines-extended', {});
		const plain = await drain('/v1/payroll-lines', {});
		expect(plain.records).toHaveLength(lines.length);
		expect(plain.records[0].overtimeLines).toBeUndefined();
		const keys = new Set(lines.map((l) => `${l.userId}|${l.transDateTime.slice(0, 10)}`));
		expect(keys.size).toBe(lines.length);
		const line = lines.find((l) => l.overtime100Qty > 0)!;
		expect(line).toBeDefined();
		const own = regs.filter(
			(r) =>
				r.userId === line.userId &&
				r.workDate === line.transDateTime.slice(0, 10) &&
				!r.absenceTypeId,
		);
		const worked = own
			.filter((r) => r.payrollTypeId !== data.payrollTypes[3].id)
			.reduce((a, r) => a + r.qty, 0);
		expect(line.standardQty).toBe(7.5);
		expect(line.overtime50Qty).toBe(2);
		expect(line.overtime100Qty).toBeCloseTo(worked - 9.5);
		expect(line.overtimeLines.map((o: any) => o.lineType)).toEqual(
			[...line.overtimeLines.map((o: any) => o.lineType)].sort((a: number, b: number) => a - b),
		);
		expect(line.overtimeLines[0]).toMatchObject({
			lineType: 20,
			overtimeType: 0,
			qty: 2,
			name: 'Overtime 50%',
		});
	});

	it('overtimeType (behaviour notes): automatic levels 0, deducted from ordinary hours and netted out of qty/standardQty; manual overtime 1, paid on top; configurable per type and read per line', async () => {
		const data = emulator.ctx.sections.workData.data;
		const { records: regs } = await drain('/v1/time-registrations', {});
		const hoursOf = (l: Record<string, any>) => {
			const own = regs.filter(
				(r) =>
					r.userId === l.userId && r.workDate === l.transDateTime.slice(0, 10) && !r.absenceTypeId,
			);
			return own.reduce((a, r) => a + r.qty, 0);
		};
		const deducted = (l: Record<string, any>) =>
			l.overtimeLines
				.filter((o: any) => o.overtimeType === 0)
				.reduce((a: number, o: any) => a + o.qty, 0);
		const query = { ExportFilter: 'All', UserPayrollTypeFilter: 'AllUsers' };
		const { records: lines } = await drain('/v1/payroll-lines-extended', query);
		const manualType = data.payrollTypes[3].id;
		expect(
			lines.some((l) => l.overtimeLines.some((o: any) => o.payrollTypeId === manualType)),
		).toBe(true);
		for (const l of lines) {
			for (const o of l.overtimeLines)
				expect([o.lineType, o.overtimeType]).toEqual([o.lineType, o.lineType === 41 ? 1 : 0]);
			// Registered hours = qty + what was deducted (type 0); type-1 hours stay in qty.
			expect(l.qty + deducted(l)).toBeCloseTo(hoursOf(l));
			expect(l.standardQty).toBeCloseTo(
				Math.min(
					hoursOf(l) -
						l.overtimeLines
							.filter((o: any) => o.lineType === 41)
							.reduce((a: number, o: any) => a + o.qty, 0),
					7.5,
				),
			);
		}
		// A company that pays 50 % overtime on top: that level is no longer netted out, per line.
		const ot50 = data.payrollTypes[1].id;
		data.setOvertimeType(ot50, 1);
		try {
			const { records: onTop } = await drain('/v1/payroll-lines-extended', query);
			const before = new Map(lines.map((l) => [l.id, l]));
			const changed = onTop.filter((l) => l.overtime50Qty > 0);
			expect(changed.length).toBeGreaterThan(0);
			for (const l of changed) {
				const was = before.get(l.id)!;
				expect(l.overtimeLines.find((o: any) => o.payrollTypeId === ot50)).toMatchObject({
					lineType: 20,
					overtimeType: 1,
				});
				expect(l.qty).toBeCloseTo(was.qty + l.overtime50Qty);
				expect(l.standardQty).toBeCloseTo(was.standardQty + l.overtime50Qty);
				expect(l.qty + deducted(l)).toBeCloseTo(hoursOf(l));
			}
		} finally {
			data.setOvertimeType(ot50, 0);
		}
	});

	it('payroll lines in incremental mode: a changed registration moves its line; a directly deleted line is a tombstone', async () => {
		const data = emulator.ctx.sections.workData.data;
		emulator.ctx.clock.advance(60_000);
		const since = emulator.ctx.clock.nowIso();
		data.changeTimeRegistration(data.timeRegistrationId(20), { hours: 12 });
		const { records } = await drain('/v1/payroll-lines', { ModifiedSince: since });
		expect(records).toHaveLength(1);
		// qty is netted of the automatic overtime (type 0); the registered hours are qty plus that overtime.
		expect(
			records[0].qty + records[0].overtime50Qty + records[0].overtime100Qty,
		).toBeGreaterThanOrEqual(12);
		emulator.ctx.clock.advance(1000);
		data.deletePayrollLine(records[0].id);
		const again = await drain('/v1/payroll-lines', { ModifiedSince: emulator.ctx.clock.nowIso() });
		expect(again.records).toEqual([
			{
				id: records[0].id,
				isDeleted: true,
				deletedDateTime: expect.any(String),
				modifiedDateTime: expect.any(String),
			},
		]);
	});

	it('deletion shapes (behaviour notes): a time registration and a payroll line (deleted directly or through its registrations) are tombstones whose modifiedDateTime is the deletion time; recordCount counts live and deleted', async () => {
		const data = emulator.ctx.sections.workData.data;
		emulator.ctx.clock.advance(60_000);
		const since = emulator.ctx.clock.nowIso();
		emulator.ctx.clock.advance(1000);
		const registration = data.timeRegistrationId(30);
		data.deleteTimeRegistration(registration);
		const regs = await drain('/v1/time-registrations', { ModifiedSince: since });
		const tombstone = regs.records.find((r) => r.id === registration)!;
		expect(tombstone).toEqual({
			id: registration,
			isDeleted: true,
			deletedDateTime: emulator.ctx.clock.nowIso(),
			modifiedDateTime: emulator.ctx.clock.nowIso(),
		});
		expect(regs.pages[0]).toMatchObject({
			recordCount: regs.records.length,
			deletedRecordCount: 1,
		});

		// A line every registration of which is deleted: the same tombstone, extended or not (no overtimeLines).
		emulator.ctx.clock.advance(60_000);
		const lineSince = emulator.ctx.clock.nowIso();
		emulator.ctx.clock.advance(1000);
		const lines = data.payrollLines();
		const i = [...Array(lines.count).keys()].find(
			(k) => !lines.deleted[k] && lines.start[k + 1] - lines.start[k] >= 1,
		)!;
		const lineId = lines.id(i);
		data.deleteTimeRegistrations(
			Array.from(lines.regs.subarray(lines.start[i], lines.start[i + 1])).map((r) =>
				data.timeRegistrationId(r),
			),
		);
		const at = emulator.ctx.clock.nowIso();
		for (const path of ['/v1/payroll-lines', '/v1/payroll-lines-extended']) {
			const { records, pages } = await drain(path, {
				ModifiedSince: lineSince,
				ExportFilter: 'All',
				UserPayrollTypeFilter: 'AllUsers',
			});
			expect([path, records.find((r) => r.id === lineId)]).toEqual([
				path,
				{ id: lineId, isDeleted: true, deletedDateTime: at, modifiedDateTime: at },
			]);
			expect(pages.reduce((a, p) => a + p.deletedRecordCount, 0)).toBe(
				records.filter((r) => r.isDeleted).length,
			);
			expect(pages.reduce((a, p) => a + p.recordCount, 0)).toBe(records.length);
		}
		// Full mode never returns it.
		expect(
			(
				await drain('/v1/payroll-lines', { ExportFilter: 'All', UserPayrollTypeFilter: 'AllUsers' })
			).records.some((r) => r.id === lineId),
		).toBe(false);
	});

	it('a subsidiary client sees only its own structure', async () => {
		const sub = await fetchToken(emulator, DEMO.clients.subsidiary);
		const res = await get('/v1/time-registrations', { ChunkLimit: 10000 }, sub);
		expect(res.body.data.length).toBeGreaterThan(0);
		expect(new Set(res.body.data.map((r: any) => r.projectCompanyId))).toEqual(
			new Set([DEMO.companies.subsidiary]),
		);
	});

	it('generates a million registrations compactly (figures printed, not asserted)', async () => {
		const big = await startEmulator({ workData: false });
		try {
			const t0 = performance.now();
			const data = big.ctx.sections.workData.seed(emulator.ctx.sections.workData.data.companies, {
				timeRegistrations: 1_000_000,
			});
			const tGen = performance.now();
			const order = data.modifiedOrder();
			const t1 = performance.now();
			expect(order.length).toBe(1_000_000);
			const bearer = await fetchToken(big, DEMO.clients.admin);
			const res = await request(
				`${big.urls.extraction}/v1/time-registrations?ModifiedSince=2000-01-01T00:00:00Z`,
				{ headers: { authorization: `Bearer ${bearer}` } },
			);
			const body = (await res.body.json()) as Record<string, any>;
			expect(body.data.length).toBeGreaterThanOrEqual(2500);
			console.log(
				`1M registrations: generated in ${Math.round(tGen - t0)} ms, modified order ${Math.round(t1 - tGen)} ms, heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`,
			);
		} finally {
			await big.close();
		}
	});
});

describe('Emulator: payroll-line pages stay stable when lines appear between pages', () => {
	let emulator: Emulator;
	let token: string;
	beforeAll(async () => {
		emulator = await startEmulator({ workData: { timeRegistrations: 400, pageSize: 50 } });
		token = await fetchToken(emulator, DEMO.clients.admin);
	});
	afterAll(async () => emulator.close());

	it('a line added before the current position does not shift the next page (full mode keys, not indices)', async () => {
		const read = async (qs: string) => {
			const res = await request(`${emulator.urls.extraction}/v1/payroll-lines?${qs}`, {
				headers: { authorization: `Bearer ${token}` },
			});
			return (await res.body.json()) as Record<string, any>;
		};
		const before = new Set<string>();
		const all = 'ExportFilter=All&UserPayrollTypeFilter=AllUsers';
		let page = await read(all);
		page.data.forEach((l: any) => before.add(l.id));
		const data = emulator.ctx.sections.workData.data;
		// A new day for the first employee: its line sorts before everything already read.
		data.addTimeRegistration({
			userId: data.employees[0].id,
			workDate: '2020-01-06',
			hours: 8,
			state: 'approved',
		});
		const ids: string[] = [...before];
		while (page.continuationToken) {
			page = await read(`${all}&ContinuationToken=${encodeURIComponent(page.continuationToken)}`);
			ids.push(...page.data.map((l: any) => l.id));
		}
		const lines = data.payrollLines();
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids.length).toBe(lines.count - 1);
	});
});
