import { Clock, parseClockSetting } from './core/clock';
import { startEmulator, type Emulator } from './index';
import { call, tokenFor } from '../support/http';

const AT = '2026-03-02T08:00:00.000Z';

describe('emulator clock: system, frozen and stepped', () => {
	it('frozen: every reading is the same instant until it is advanced or set', () => {
		const clock = new Clock({ mode: 'frozen', now: AT });
		expect([clock.nowIso(), clock.nowIso(), clock.nowIso()]).toEqual([AT, AT, AT]);
		clock.advance(1500);
		expect(clock.nowIso()).toBe('2026-03-02T08:00:01.500Z');
		clock.set({ now: '2026-03-03T00:00:00Z' });
		expect(clock.state()).toEqual({ mode: 'frozen', now: '2026-03-03T00:00:00.000Z', stepMs: 1 });
	});

	it('stepped: each reading is stepMs after the previous one; state() does not move it', () => {
		const clock = new Clock({ mode: 'stepped', now: AT, stepMs: 1000 });
		expect(clock.state().now).toBe(AT);
		expect([clock.nowIso(), clock.nowIso()]).toEqual([AT, '2026-03-02T08:00:01.000Z']);
		clock.advance(60_000);
		expect(clock.nowIso()).toBe('2026-03-02T08:01:02.000Z');
	});

	it('system: real time plus the offset tests add; switching modes starts where the clock stands', () => {
		const clock = new Clock();
		const before = Date.now();
		clock.advance(3_600_000);
		const read = clock.now().getTime();
		expect(read).toBeGreaterThanOrEqual(before + 3_600_000);
		clock.set({ mode: 'frozen' });
		const frozen = clock.now().getTime();
		expect(frozen).toBeGreaterThanOrEqual(read);
		expect(clock.now().getTime()).toBe(frozen);
		clock.set({ mode: 'system', now: AT });
		expect(clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse(AT));
		expect(clock.now().getTime()).toBeLessThan(Date.parse(AT) + 3_600_000);
	});

	it('reads WORKFORCE_EMULATOR_CLOCK-style settings and names the fix for a bad one', () => {
		expect(parseClockSetting('frozen')).toEqual({ mode: 'frozen' });
		expect(parseClockSetting('stepped:1000@2026-03-02T08:00:00Z')).toEqual({
			mode: 'stepped',
			stepMs: 1000,
			now: '2026-03-02T08:00:00Z',
		});
		expect(parseClockSetting('frozen@1772438400000')).toEqual({
			mode: 'frozen',
			now: 1772438400000,
		});
		expect(parseClockSetting('')).toEqual({});
		expect(() => parseClockSetting('slow')).toThrow(
			/WORKFORCE_EMULATOR_CLOCK="slow" is not a clock: use system, frozen, stepped/,
		);
		expect(() => new Clock({ mode: 'frozen', now: 'yesterday' })).toThrow(
			/cannot be set to "yesterday"/,
		);
	});

	describe('the emulator', () => {
		const saved = process.env.WORKFORCE_EMULATOR_CLOCK;
		let emu: Emulator | undefined;
		afterEach(async () => {
			await emu?.close();
			emu = undefined;
			if (saved === undefined) delete process.env.WORKFORCE_EMULATOR_CLOCK;
			else process.env.WORKFORCE_EMULATOR_CLOCK = saved;
		});

		it('takes its clock from WORKFORCE_EMULATOR_CLOCK; the option wins over it', async () => {
			process.env.WORKFORCE_EMULATOR_CLOCK = `frozen@${AT}`;
			emu = await startEmulator({ seed: false });
			expect(emu.ctx.clock.state()).toMatchObject({ mode: 'frozen', now: AT });
			await emu.close();
			emu = await startEmulator({ seed: false, clock: 'system' });
			expect(emu.ctx.clock.state().mode).toBe('system');
		});

		it('POST /__control/clock sets, steps and advances it; the service stamps with it', async () => {
			emu = await startEmulator({ workData: { timeRegistrations: 20 } });
			const clock = (body: unknown) => call('POST', `${emu!.urls.control}/clock`, { body });
			expect((await clock({ mode: 'frozen', now: AT })).body).toEqual({
				mode: 'frozen',
				now: AT,
				stepMs: 1,
			});
			// Issued on the service's new time (one issued before the jump could be expired at AT).
			const token = await tokenFor(emu);
			expect((await call('GET', `${emu.urls.control}/clock`)).body).toEqual({
				mode: 'frozen',
				now: AT,
				stepMs: 1,
			});
			expect((await clock({ advanceMs: 60_000 })).body).toMatchObject({
				now: '2026-03-02T08:01:00.000Z',
			});
			expect(
				(await call('POST', `${emu.urls.control}/clock/advance`, { body: { ms: 1000 } })).body,
			).toMatchObject({ now: '2026-03-02T08:01:01.000Z' });

			const added = await call('POST', `${emu.urls.control}/work-data/time-registrations`, {
				body: { action: 'add', hours: 2 },
			});
			expect((added.body as { modifiedDateTime: string }).modifiedDateTime).toBe(
				'2026-03-02T08:01:01.000Z',
			);
			const since = encodeURIComponent('2026-03-02T08:01:01Z');
			const page = await call(
				'GET',
				`${emu.urls.extraction}/v1/time-registrations?ModifiedSince=${since}`,
				{ token },
			);
			expect(
				(page.body as { data: Array<{ modifiedDateTime: string }> }).data.map(
					(r) => r.modifiedDateTime,
				),
			).toEqual(['2026-03-02T08:01:01.000Z']);

			expect((await clock({ mode: 'stepped', stepMs: 1000 })).body).toEqual({
				mode: 'stepped',
				now: '2026-03-02T08:01:01.000Z',
				stepMs: 1000,
			});
			const stamps = [emu.ctx.clock.nowIso(), emu.ctx.clock.nowIso()];
			expect(stamps).toEqual(['2026-03-02T08:01:01.000Z', '2026-03-02T08:01:02.000Z']);

			const bad = await clock({ mode: 'slow' });
			expect(bad.status).toBe(400);
			expect(JSON.stringify(bad.body)).toMatch(
				/Unknown clock mode \\"slow\\": use system, frozen or stepped/,
			);
			expect((await clock({ mode: 'system' })).body).toMatchObject({ mode: 'system' });
		});
	});
});
