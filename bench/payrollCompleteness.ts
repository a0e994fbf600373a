/*
 * What the check of issue 44 costs: a month's payroll export (node version 2, Last Month, Only
 * Approved) with Hours Not Yet Approved on (one more request per window; Get File two) and off,
 * at loopback and with the emulator's `internet` latency preset. Requests are counted from the
 * emulator's log; times are the median of BENCH_RUNS runs (default 7) on a warm engine and token.
 * Run: bash scripts/build-dev.sh && node .build/bench/payrollCompleteness.js
 */
import { DEMO, startEmulator, type Emulator } from '../test/emulator';
import { executeNode } from '../test/harness/execute';
import { credentialsFor } from './scenarios/engine';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const registrations = Number(process.env.BENCH_PAYROLL_REGISTRATIONS ?? 50_000);

const cases = [
	{ operation: 'getSummaryLines', check: 'warn' },
	{ operation: 'getSummaryLines', check: 'skip' },
	{ operation: 'get', check: 'warn' },
	{ operation: 'get', check: 'skip' },
	{ operation: 'getFile', check: 'warn' },
	{ operation: 'getFile', check: 'skip' },
];

async function measure(emulator: Emulator, operation: string, check: string) {
	const credentials = credentialsFor({
		clientId: DEMO.clients.admin.clientId,
		clientSecret: DEMO.clients.admin.clientSecret,
		...emulator.urls,
	});
	const once = async () => {
		const seq = emulator.ctx.log.lastSeq;
		const started = process.hrtime.bigint();
		const result = await executeNode({
			credentials,
			parameters: {
				resource: 'payrollExport',
				operation,
				period: 'lastMonth',
				hoursNotApproved: check,
			},
			settings: { typeVersion: 2 },
			timezone: 'Europe/Oslo',
		});
		const ms = Number(process.hrtime.bigint() - started) / 1e6;
		if (result.error) throw result.error;
		const api = emulator.ctx.log
			.since(seq)
			.filter((r) => r.api === 'integration' || r.api === 'extraction');
		// What the latency model charged (the requests run one after the other): not machine-dependent.
		const modeled = api.reduce(
			(a, r) => a + (r.latency ? r.latency.ttfbMs + r.latency.serverMs + r.latency.transferMs : 0),
			0,
		);
		return { ms, requests: api.length, items: result.items.length, modeled };
	};
	await once(); // warm: code compiled, token fetched
	const samples = [];
	for (let i = 0; i < runs; i++) samples.push(await once());
	const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
	return { ...samples[0], ms: sorted[Math.floor(sorted.length / 2)] };
}

async function main() {
	for (const latency of ['loopback', 'internet'] as const) {
		const emulator = await startEmulator({
			latency,
			workData: { timeRegistrations: registrations },
		});
		try {
			// BENCH_REVERSE=1 runs the cases in the other order, to see what order alone does.
			for (const c of process.env.BENCH_REVERSE ? [...cases].reverse() : cases) {
				const r = await measure(emulator, c.operation, c.check);
				console.log(
					`| ${latency} | ${c.operation} | ${c.check} | ${r.requests} | ${r.items} | ${r.ms.toFixed(0)} | ${r.modeled.toFixed(0)} |`,
				);
			}
		} finally {
			await emulator.close();
		}
	}
}

void main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
