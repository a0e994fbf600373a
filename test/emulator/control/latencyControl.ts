import { validationError } from '../core/apiError';
import type { LatencyInput } from '../core/latency';
import type { Router } from '../core/router';
import type { Emulator } from '../server';

/**
 * The latency model and the concurrency counters over HTTP (core/latency.ts), for end-to-end
 * tests and benchmarks that run the emulator in another process:
 * - `GET /latency`: the settings; `POST /latency` with `{ preset?, ttfbMs?, ... }` changes them;
 * - `GET /concurrency`: requests in flight, the most at once, served and refused;
 *   `DELETE /concurrency` starts the maximum and the totals again.
 */
export function registerLatencyControl(router: Router, emulator: Emulator) {
	const { latency } = emulator.ctx;
	router.get('/latency', () => ({ status: 200, body: latency.settings }), 'none');
	router.post(
		'/latency',
		async (req) => {
			try {
				latency.set(((await req.json()) ?? {}) as LatencyInput);
			} catch (error) {
				throw validationError('latency', (error as Error).message);
			}
			return { status: 200, body: latency.settings };
		},
		'none',
	);
	router.get('/concurrency', () => ({ status: 200, body: latency.counters() }), 'none');
	router.delete(
		'/concurrency',
		() => {
			latency.resetCounters();
			return { status: 204 };
		},
		'none',
	);
}
