import { request } from 'undici';

import { DEMO, Emulator, startEmulator } from '.';
import { LATENCY_PRESETS, resolveLatency } from './core/latency';
import { call, tokenFor } from '../support/http';

/**
 * The latency model and the concurrency limit (core/latency.ts). Nothing here reads a clock:
 * the model's cost of an answer is asserted through the `x-emulator-latency` header and the
 * request log, the limit through statuses and counters, with requests kept in flight by the
 * `hold` fault (an event, not a delay).
 */
describe('emulator: latency model and concurrency limit', () => {
	let emu: Emulator;
	let token: string;
	beforeAll(async () => {
		emu = await startEmulator({ workData: { timeRegistrations: 300 } });
		token = await tokenFor(emu, DEMO.clients.admin, 'reportingapiv1');
	});
	afterAll(async () => emu.close());
	afterEach(async () => {
		emu.ctx.faults.clear();
		emu.ctx.faults.release();
		await call('POST', `${emu.urls.control}/latency`, { body: { preset: 'off' } });
		emu.ctx.latency.resetCounters();
	});
	const page = (chunk = 100) =>
		request(`${emu.urls.extraction}/v1/time-registrations?ChunkLimit=${chunk}`, {
			headers: { authorization: `Bearer ${token}` },
		});

	it('is off by default: nothing added, no limit, yet requests in flight are counted', async () => {
		expect(emu.ctx.latency.settings).toEqual(LATENCY_PRESETS.off);
		for (let i = 0; i < 3; i++) {
			const answer = await page();
			expect(answer.statusCode).toBe(200);
			expect(answer.headers['x-emulator-latency']).toBeUndefined();
			await answer.body.dump();
		}
		expect(emu.ctx.latency.counters()).toMatchObject({
			inFlight: 0,
			maxInFlight: 1,
			admitted: 3,
			rejected429: 0,
			rejected503: 0,
		});
	});

	it('costs a page its time to first byte, server time per record and transfer at the bandwidth', async () => {
		const set = await call('POST', `${emu.urls.control}/latency`, {
			body: { ttfbMs: 2, perRecordMs: 0.01, bytesPerSecond: 50_000_000 },
		});
		expect(set.status).toBe(200);
		const answer = await page(250);
		const text = await answer.body.text();
		const body = JSON.parse(text) as { data: unknown[]; recordCount: number };
		// The whole body arrives, in slices, as one JSON document.
		expect(body.data).toHaveLength(250);
		expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(text));
		const transfer = Math.round((Buffer.byteLength(text) / 50_000_000) * 1000 * 1000) / 1000;
		expect(answer.headers['x-emulator-latency']).toBe(`ttfb=2; server=2.5; transfer=${transfer}`);
		const logged = emu.ctx.log.since(0).filter((r) => r.path === '/v1/time-registrations');
		expect(logged[logged.length - 1].latency).toEqual({
			ttfbMs: 2,
			serverMs: 2.5,
			transferMs: transfer,
		});
	});

	it('answers 429 with Retry-After above the limit, 503 under overload, and counts both', async () => {
		await call('POST', `${emu.urls.control}/latency`, {
			body: { maxConcurrent: 2, overloadAt: 4, retryAfterSeconds: 3 },
		});
		emu.ctx.faults.add({ api: 'extraction', count: 2, action: { kind: 'hold' } });
		const held = [page(), page()];
		await emu.ctx.faults.whenHolding(2);

		const tooMany = await page();
		expect(tooMany.statusCode).toBe(429);
		expect(tooMany.headers['retry-after']).toBe('3');
		expect(await tooMany.body.json()).toMatchObject({ errors: [{ code: 'TooManyRequests' }] });

		// Two served, this one refused: three of four in flight is overload at 3.
		await call('POST', `${emu.urls.control}/latency`, { body: { overloadAt: 3 } });
		const overloaded = await page();
		expect(overloaded.statusCode).toBe(503);
		expect(overloaded.headers['retry-after']).toBe('3');
		await overloaded.body.dump();

		const during = await call('GET', `${emu.urls.control}/concurrency`);
		expect(during.body).toEqual({
			inFlight: 2,
			maxInFlight: 2,
			admitted: 2,
			rejected429: 1,
			rejected503: 1,
		});

		emu.ctx.faults.release();
		for (const answer of await Promise.all(held)) {
			expect(answer.statusCode).toBe(200);
			await answer.body.dump();
		}
		const after = await page();
		expect(after.statusCode).toBe(200);
		await after.body.dump();
		expect(emu.ctx.latency.counters()).toMatchObject({ inFlight: 0, maxInFlight: 2, admitted: 3 });
		const statuses = emu.ctx.log
			.since(0)
			.filter((r) => r.fault?.startsWith('concurrency'))
			.map((r) => [r.status, r.fault]);
		expect(statuses).toEqual([
			[429, 'concurrency429'],
			[503, 'concurrency503'],
		]);
	});

	it('does not limit or count token requests', async () => {
		await call('POST', `${emu.urls.control}/latency`, { body: { maxConcurrent: 1 } });
		emu.ctx.faults.add({ api: 'extraction', action: { kind: 'hold' } });
		const held = page();
		await emu.ctx.faults.whenHolding(1);
		await expect(tokenFor(emu, DEMO.clients.admin, 'reportingapiv1')).resolves.toEqual(
			expect.any(String),
		);
		expect(emu.ctx.latency.counters().inFlight).toBe(1);
		emu.ctx.faults.release();
		await (await held).body.dump();
	});

	it('is set by preset and fields, from the option, the environment or the control API', async () => {
		expect(resolveLatency('internet,maxConcurrent=4')).toEqual({
			...LATENCY_PRESETS.internet,
			maxConcurrent: 4,
		});
		expect(resolveLatency('ttfbMs=20 bytesPerSecond=1e6')).toMatchObject({
			ttfbMs: 20,
			bytesPerSecond: 1_000_000,
			maxConcurrent: 0,
		});
		expect(() => resolveLatency('satellite')).toThrow(/Unknown latency preset "satellite"/);
		expect(() => resolveLatency({ ttfb: 5 } as never)).toThrow(/Unknown latency setting "ttfb"/);
		expect(() => resolveLatency('ttfbMs=-1')).toThrow(/ttfbMs must be a number of 0 or more/);

		expect(new Emulator({ latency: 'internet' }).ctx.latency.settings).toEqual(
			LATENCY_PRESETS.internet,
		);
		const saved = process.env.WORKFORCE_EMULATOR_LATENCY;
		process.env.WORKFORCE_EMULATOR_LATENCY = 'internet,ttfbMs=30';
		try {
			expect(new Emulator().ctx.latency.settings).toEqual({
				...LATENCY_PRESETS.internet,
				ttfbMs: 30,
			});
		} finally {
			if (saved === undefined) delete process.env.WORKFORCE_EMULATOR_LATENCY;
			else process.env.WORKFORCE_EMULATOR_LATENCY = saved;
		}

		const bad = await call('POST', `${emu.urls.control}/latency`, { body: { bandwidth: 1 } });
		expect(bad.status).toBe(400);
		expect(bad.body).toMatchObject({
			errors: [{ field: 'latency', message: expect.stringContaining('"bandwidth"') }],
		});
		const internet = await call('POST', `${emu.urls.control}/latency`, {
			body: { preset: 'internet' },
		});
		expect(internet.body).toEqual(LATENCY_PRESETS.internet);
		expect((await call('GET', `${emu.urls.control}/latency`)).body).toEqual(
			LATENCY_PRESETS.internet,
		);
	});
});
