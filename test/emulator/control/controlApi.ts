import { ApiError, validationError } from '../core/apiError';
import type { ClockSettings } from '../core/clock';
import type { Router } from '../core/router';
import type { Emulator } from '../server';
import type { FaultRule } from './faults';
import { registerLatencyControl } from './latencyControl';
import { registerOtherEndpointsControl } from './otherEndpointsControl';
import { registerWorkDataControl } from './workDataControl';

/**
 * The test control surface under /__control (no auth; loopback only): read the request log,
 * inject faults, expire tokens, move the clock, register clients, set the latency model and
 * read the requests in flight. Tests in the same process
 * use the Emulator object directly; end-to-end tests and the sandbox use this.
 */
export function registerControlApi(router: Router, emulator: Emulator) {
	const { ctx } = emulator;
	router.get(
		'/info',
		() => ({
			status: 200,
			body: {
				urls: emulator.urls,
				companies: ctx.companies.all(),
				clients: ctx.clients.all(),
				tokensIssued: ctx.clients.issuedCount,
			},
		}),
		'none',
	);
	router.get(
		'/requests',
		(req) => ({
			status: 200,
			body: ctx.log.since(Number(req.query.get('since') ?? 0)),
		}),
		'none',
	);
	router.delete(
		'/requests',
		() => {
			ctx.log.clear();
			return { status: 204 };
		},
		'none',
	);
	router.post(
		'/faults',
		async (req) => ({ status: 201, body: { id: ctx.faults.add((await req.json()) as FaultRule) } }),
		'none',
	);
	router.delete(
		'/faults',
		() => {
			ctx.faults.clear();
			return { status: 204 };
		},
		'none',
	);
	// The rules in force with their hits: a test sees a fault firing and then removes that rule.
	router.get('/faults', () => ({ status: 200, body: ctx.faults.list() }), 'none');
	router.delete(
		'/faults/:id',
		(req) => {
			if (!ctx.faults.remove(Number(req.params.id)))
				throw new ApiError(404, {
					message: `No fault rule ${req.params.id} is in force (a counted rule leaves once spent).`,
					errors: [],
				});
			return { status: 204 };
		},
		'none',
	);
	router.get('/faults/fired', () => ({ status: 200, body: ctx.faults.fired }), 'none');
	router.get(
		'/faults/held',
		() => ({ status: 200, body: { holding: ctx.faults.holding() } }),
		'none',
	);
	router.post(
		'/faults/release',
		() => ({ status: 200, body: { released: ctx.faults.release() } }),
		'none',
	);
	router.post(
		'/expire-tokens',
		() => {
			ctx.clients.expireAll();
			return { status: 204 };
		},
		'none',
	);
	router.get('/clock', () => ({ status: 200, body: ctx.clock.state() }), 'none');
	// { mode?: 'system' | 'frozen' | 'stepped', now?: ISO time or epoch ms, stepMs?, advanceMs? }
	router.post(
		'/clock',
		async (req) => {
			try {
				ctx.clock.set(((await req.json()) ?? {}) as ClockSettings);
			} catch (error) {
				if (error instanceof ApiError) throw error;
				throw validationError('clock', (error as Error).message);
			}
			return { status: 200, body: ctx.clock.state() };
		},
		'none',
	);
	router.post(
		'/clock/advance',
		async (req) => {
			const { ms } = (await req.json()) as { ms: number };
			ctx.clock.advance(Number(ms));
			return { status: 200, body: ctx.clock.state() };
		},
		'none',
	);
	router.post(
		'/clients',
		async (req) => ({
			status: 201,
			body: ctx.clients.register((await req.json()) as Parameters<typeof ctx.clients.register>[0]),
		}),
		'none',
	);
	registerWorkDataControl(router, emulator);
	registerLatencyControl(router, emulator);
	registerOtherEndpointsControl(router, emulator);
}
