import { request } from 'undici';

import { startEmulator, type Emulator } from '.';
import { call, tokenFor } from '../support/http';

describe('emulator: control surface', () => {
	let emu: Emulator;
	let token: string;
	beforeAll(async () => {
		emu = await startEmulator();
		token = await tokenFor(emu);
	});
	afterAll(async () => emu.close());
	// A rule a failed case left behind must not answer another case's requests.
	beforeEach(() => emu.ctx.faults.clear());
	const projects = () => `${emu.urls.integration}/api/v4/integration/projects`;

	it('answers the next N matching requests with an injected status, then recovers', async () => {
		await call('POST', `${emu.urls.control}/faults`, {
			body: {
				api: 'integration',
				path: '/projects',
				count: 2,
				action: { kind: 'status', status: 503 },
			},
		});
		expect((await call('GET', projects(), { token })).status).toBe(503);
		expect((await call('GET', projects(), { token })).status).toBe(503);
		expect((await call('GET', projects(), { token })).status).toBe(200);
	});

	it('answers 429 with Retry-After in seconds, as an HTTP-date, or without it', async () => {
		const fired429 = emu.ctx.faults.fired.status429 ?? 0;
		const faults = `${emu.urls.control}/faults`;
		await call('POST', faults, {
			body: {
				api: 'integration',
				path: '/projects',
				action: { kind: 'rateLimit', retryAfterSeconds: 7 },
			},
		});
		await call('POST', faults, {
			body: {
				api: 'integration',
				path: '/projects',
				action: { kind: 'rateLimit', retryAfterSeconds: 30, retryAfterAs: 'date' },
			},
		});
		await call('POST', faults, {
			body: { api: 'integration', path: '/projects', action: { kind: 'rateLimit' } },
		});
		const seconds = await request(projects(), { headers: { authorization: `Bearer ${token}` } });
		expect(seconds.statusCode).toBe(429);
		expect(seconds.headers['retry-after']).toBe('7');
		expect(await seconds.body.json()).toMatchObject({ errors: [{ code: 'TooManyRequests' }] });
		const date = await request(projects(), { headers: { authorization: `Bearer ${token}` } });
		await date.body.dump();
		expect(date.statusCode).toBe(429);
		const at = Date.parse(String(date.headers['retry-after']));
		expect(String(date.headers['retry-after'])).toMatch(/GMT$/);
		expect(Math.abs(at - (emu.ctx.clock.now().getTime() + 30_000))).toBeLessThan(5_000);
		const none = await request(projects(), { headers: { authorization: `Bearer ${token}` } });
		await none.body.dump();
		expect(none.statusCode).toBe(429);
		expect(none.headers['retry-after']).toBeUndefined();
		expect((await call('GET', projects(), { token })).status).toBe(200);
		expect(emu.ctx.faults.fired.status429).toBe(fired429 + 3);
	});

	it('lets requests through before a fault with skip', async () => {
		emu.ctx.faults.add({ api: 'integration', skip: 1, action: { kind: 'status', status: 500 } });
		expect((await call('GET', projects(), { token })).status).toBe(200);
		expect((await call('GET', projects(), { token })).status).toBe(500);
	});

	it('drops the connection', async () => {
		emu.ctx.faults.add({ api: 'integration', action: { kind: 'drop' } });
		await expect(
			request(projects(), { headers: { authorization: `Bearer ${token}` } }),
		).rejects.toThrow();
		expect((await call('GET', projects(), { token })).status).toBe(200);
	});

	it('cuts an answer off part of the way through the body, after headers that promise all of it', async () => {
		emu.ctx.faults.add({ api: 'integration', action: { kind: 'truncate', bytes: 10 } });
		const answer = await request(projects(), { headers: { authorization: `Bearer ${token}` } });
		expect(answer.statusCode).toBe(200);
		expect(Number(answer.headers['content-length'])).toBeGreaterThan(10);
		await expect(answer.body.text()).rejects.toThrow();
		expect((await call('GET', projects(), { token })).status).toBe(200);
	});

	it('stalls an answer part of the way through the body, keeping the connection open', async () => {
		emu.ctx.faults.add({ api: 'integration', action: { kind: 'stall', bytes: 10 } });
		const answer = await request(projects(), {
			headers: { authorization: `Bearer ${token}` },
			bodyTimeout: 300,
		});
		expect(answer.statusCode).toBe(200);
		// A body timeout, not a closed connection: the rest never came and the socket stayed open.
		await expect(answer.body.text()).rejects.toThrow(/timeout/i);
	});

	it('delays an answer', async () => {
		emu.ctx.faults.add({ api: 'integration', action: { kind: 'delay', ms: 150 } });
		const started = Date.now();
		expect((await call('GET', projects(), { token })).status).toBe(200);
		// A lower bound only: a slower machine makes it longer, never shorter.
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
	});

	it('holds a request, headers and all, until it is released; a client that gives up ends the hold', async () => {
		emu.ctx.faults.add({ api: 'integration', count: 2, action: { kind: 'hold' } });
		const held = call('GET', projects(), { token });
		await emu.ctx.faults.whenHolding(1);
		expect((await call('GET', `${emu.urls.control}/faults/held`)).body).toEqual({ holding: 1 });
		expect((await call('POST', `${emu.urls.control}/faults/release`)).body).toEqual({
			released: 1,
		});
		expect((await held).status).toBe(200);

		const aborted = new AbortController();
		const gaveUp = request(projects(), {
			headers: { authorization: `Bearer ${token}` },
			signal: aborted.signal,
		});
		await emu.ctx.faults.whenHolding(1);
		aborted.abort();
		await expect(gaveUp).rejects.toThrow();
		await emu.ctx.faults.whenHolding(0);
		expect(emu.ctx.faults.holding()).toBe(0);
		expect((await call('GET', projects(), { token })).status).toBe(200);
	});

	it('fails every request of one query until the rule is removed over the control API', async () => {
		const from = (at: string) => `${projects()}?FromDateTime=${encodeURIComponent(at)}&Page=1`;
		const faults = `${emu.urls.control}/faults`;
		const added = await call('POST', faults, {
			body: {
				api: 'integration',
				query: { fromdatetime: '2026-03-02T00:00:00Z' },
				count: 'unlimited',
				action: { kind: 'status', status: 503 },
			},
		});
		const { id } = added.body as { id: number };
		for (let i = 0; i < 4; i++)
			expect((await call('GET', from('2026-03-02T00:00:00Z'), { token })).status).toBe(503);
		// Another value of the parameter, or a request without it, goes through.
		expect((await call('GET', from('2026-03-09T00:00:00Z'), { token })).status).toBe(200);
		expect((await call('GET', projects(), { token })).status).toBe(200);
		expect((await call('GET', faults)).body).toEqual([
			expect.objectContaining({ id, count: 'unlimited', hits: 4 }),
		]);

		expect((await call('DELETE', `${faults}/${id}`)).status).toBe(204);
		expect((await call('GET', from('2026-03-02T00:00:00Z'), { token })).status).toBe(200);
		expect((await call('GET', faults)).body).toEqual([]);
		expect((await call('DELETE', `${faults}/${id}`)).status).toBe(404);
	});

	it('matches a query value by a regular expression or the decoded query string by a substring, after skip', async () => {
		const byPattern = emu.ctx.faults.add({
			query: { FromDateTime: '^2026-03-' },
			skip: 1,
			count: 'unlimited',
			action: { kind: 'status', status: 500 },
		});
		const url = (at: string) => `${projects()}?FromDateTime=${encodeURIComponent(at)}`;
		expect((await call('GET', url('2026-03-16T00:00:00Z'), { token })).status).toBe(200);
		expect((await call('GET', url('2026-03-16T00:00:00Z'), { token })).status).toBe(500);
		expect((await call('GET', url('2026-03-23T00:00:00Z'), { token })).status).toBe(500);
		expect((await call('GET', url('2026-04-06T00:00:00Z'), { token })).status).toBe(200);
		expect(emu.ctx.faults.remove(byPattern)).toBe(true);

		emu.ctx.faults.add({ search: 'ToDateTime=2026-04-05T23:59:59.999Z', action: { kind: 'drop' } });
		const window = `FromDateTime=2026-03-30T00%3A00%3A00Z&ToDateTime=2026-04-05T23%3A59%3A59.999Z`;
		await expect(
			request(`${projects()}?${window}`, { headers: { authorization: `Bearer ${token}` } }),
		).rejects.toThrow();
		expect((await call('GET', `${projects()}?${window}`, { token })).status).toBe(200);
		expect(emu.ctx.faults.pending()).toBe(0);
	});

	it('logs every request with method, path, query, status and the bearer header', async () => {
		const before = emu.ctx.log.lastSeq;
		await call('GET', `${projects()}?a=1&a=2`, { token });
		const logged = (await call('GET', `${emu.urls.control}/requests?since=${before}`))
			.body as Array<Record<string, unknown>>;
		expect(logged).toEqual([
			expect.objectContaining({
				api: 'integration',
				method: 'GET',
				path: '/api/v4/integration/projects',
				search: 'a=1&a=2',
				query: { a: ['1', '2'] },
				status: 200,
			}),
		]);
		expect((logged[0].headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
	});

	it('counts fired faults by kind', async () => {
		const before = { ...emu.ctx.faults.fired };
		const get = () => request(projects(), { headers: { authorization: `Bearer ${token}` } });
		emu.ctx.faults.add({ api: 'integration', count: 2, action: { kind: 'status', status: 503 } });
		emu.ctx.faults.add({ api: 'integration', action: { kind: 'status', status: 500 } });
		emu.ctx.faults.add({ api: 'integration', action: { kind: 'rateLimit' } });
		emu.ctx.faults.add({ api: 'integration', action: { kind: 'drop' } });
		emu.ctx.faults.add({ api: 'integration', action: { kind: 'truncate', bytes: 10 } });
		emu.ctx.faults.add({ api: 'integration', action: { kind: 'delay', ms: 1 } });
		emu.ctx.faults.add({ api: 'integration', action: { kind: 'hold' } });
		for (const status of [503, 503, 500, 429])
			expect((await call('GET', projects(), { token })).status).toBe(status);
		await expect(get()).rejects.toThrow();
		await expect((await get()).body.text()).rejects.toThrow();
		expect((await call('GET', projects(), { token })).status).toBe(200);
		const held = call('GET', projects(), { token });
		await emu.ctx.faults.whenHolding(1);
		emu.ctx.faults.release();
		expect((await held).status).toBe(200);
		expect(emu.ctx.faults.pending()).toBe(0);

		const fired = Object.fromEntries(
			Object.entries(emu.ctx.faults.fired)
				.map(([kind, n]) => [kind, n - (before[kind] ?? 0)])
				.filter(([, n]) => n !== 0),
		);
		expect(fired).toEqual({
			status503: 2,
			status500: 1,
			status429: 1,
			drop: 1,
			truncate: 1,
			delay: 1,
			hold: 1,
		});
	});
});
