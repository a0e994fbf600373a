/*
 * `npm run bench`: starts the emulator with generated data, runs each scenario in its own
 * process (so peak RSS is the scenario's own) several times, and prints a table of medians with
 * the ratio to the baseline measured in the same run. Figures only: nothing here asserts speed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

import { DEMO, startEmulator, type Emulator } from '../test/emulator';
import { nodeFlags, type ScenarioResult, type Target } from './measure';
import { SUITES, type Variant } from './suites';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const only = process.env.BENCH_ONLY?.split(',');
/** BENCH_VARIANT: only the variants whose label contains it, or one of its `|`-separated parts (the baseline always runs: every ratio needs it). */
const variantFilter = process.env.BENCH_VARIANT?.split('|');
const wanted = (variant: Variant) =>
	variant.baseline || !variantFilter || variantFilter.some((part) => variant.label.includes(part));

interface Row {
	suite: string;
	variant: Variant;
	median: ScenarioResult;
	tokenRequests: number;
	apiRequests: number;
	/** CPU of this process (the emulator) while the scenario ran: the service's share of the machine. */
	emulatorCpuMs: number;
}

async function runScenario(
	emulator: Emulator,
	variant: Variant,
): Promise<{
	result: ScenarioResult;
	tokenRequests: number;
	apiRequests: number;
	emulatorCpuMs: number;
}> {
	let before = emulator.ctx.log.lastSeq;
	let cpuBefore = process.cpuUsage();
	emulator.ctx.latency.resetCounters();
	const target: Target = {
		integration: emulator.urls.integration,
		extraction: emulator.urls.extraction,
		identity: emulator.urls.identity,
		...DEMO.clients.admin,
	};
	const output = await new Promise<string>((resolve, reject) => {
		// BENCH_NODE_ARGS: flags for the scenario's Node.
		const child = spawn(
			process.execPath,
			[...nodeFlags('BENCH_NODE_ARGS'), join(__dirname, 'scenarios', `${variant.script}.js`)],
			{
				env: { ...process.env, BENCH_TARGET: JSON.stringify(target), ...(variant.env ?? {}) },
				stdio: ['pipe', 'pipe', 'inherit'],
			},
		);
		let out = '';
		child.stdout.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			// A scenario that prints BENCH_MARK waits for "go": only requests after it are counted.
			if (!marked && out.includes('BENCH_MARK\n')) {
				marked = true;
				before = emulator.ctx.log.lastSeq;
				cpuBefore = process.cpuUsage();
				emulator.ctx.latency.resetCounters();
				child.stdin.end('go\n');
			}
		});
		let marked = false;
		child.on('error', reject);
		child.on('close', (code) =>
			code === 0 ? resolve(out) : reject(new Error(`${variant.script} exited with ${code}`)),
		);
	});
	const cpu = process.cpuUsage(cpuBefore);
	const line = output.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
	if (!line) throw new Error(`${variant.script} printed no result`);
	const requests = emulator.ctx.log.since(before);
	// BENCH_REQUEST_LOG names a folder for each run's API requests (arrival, status, query): a plan to read.
	const logDir = process.env.BENCH_REQUEST_LOG;
	if (logDir) {
		mkdirSync(logDir, { recursive: true });
		const lines = requests
			.filter((r) => r.api === 'extraction')
			.map((r) =>
				JSON.stringify({ time: r.time, end: r.endTime, status: r.status, search: r.search }),
			);
		const name = `${variant.label.replace(/\W+/g, '-')}-${Date.now()}.jsonl`;
		writeFileSync(join(logDir, name), `${lines.join('\n')}\n`);
	}
	const result = JSON.parse(line.slice('BENCH_RESULT '.length)) as ScenarioResult;
	// What the service saw: the most requests at once, and any it refused (core/latency.ts).
	const seen = emulator.ctx.latency.counters();
	result.note = `${result.note ? `${result.note}; ` : ''}emulator: at most ${seen.maxInFlight} requests in flight, ${seen.rejected429} answered 429, ${seen.rejected503} answered 503`;
	return {
		result,
		tokenRequests: requests.filter((r) => r.api === 'identity').length,
		apiRequests: requests.filter((r) => r.api === 'integration' || r.api === 'extraction').length,
		emulatorCpuMs: Math.round((cpu.user + cpu.system) / 1000),
	};
}

type Sample = Awaited<ReturnType<typeof runScenario>> & { load: number };

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main() {
	const rows: Row[] = [];
	for (const suite of SUITES) {
		if (only && !only.includes(suite.id)) continue;
		const emulator = await startEmulator(suite.emulator);
		try {
			await suite.prepare?.(emulator);
			const variants = suite.variants.filter(wanted);
			const count = suite.runs ?? runs;
			// BENCH_INTERLEAVE=1: run i of every variant before run i + 1 of any, so a change of the
			// machine's load falls on each alike (variant, baseline, variant, baseline, ...).
			const order =
				process.env.BENCH_INTERLEAVE === '1'
					? Array.from({ length: count }, () => variants).flat()
					: variants.flatMap((variant) => Array<Variant>(count).fill(variant));
			const runsOf = new Map(variants.map((v) => [v, [] as Sample[]]));
			for (const variant of order) {
				await suite.beforeEach?.(emulator);
				const sample = await runScenario(emulator, variant);
				// The machine's load average over the last minute, as the run ends.
				runsOf.get(variant)!.push({ ...sample, load: loadavg()[0] });
			}
			for (const variant of variants) {
				const samples = runsOf.get(variant)!;
				const pick = (f: (r: ScenarioResult) => number | undefined) =>
					median(samples.map((s) => f(s.result) ?? 0));
				const row: Row = {
					suite: suite.title,
					variant,
					median: {
						wallMs: pick((r) => r.wallMs),
						// Scenarios that time work in another process (n8n execute) report no client CPU.
						cpuMs: samples.some((x) => x.result.cpuMs !== undefined)
							? pick((r) => r.cpuMs)
							: undefined,
						peakRssMb: pick((r) => r.peakRssMb),
						records: samples[0].result.records,
						requests: samples[0].result.requests,
						note: samples[0].result.note,
					},
					tokenRequests: median(samples.map((s) => s.tokenRequests)),
					apiRequests: median(samples.map((s) => s.apiRequests)),
					emulatorCpuMs: median(samples.map((s) => s.emulatorCpuMs)),
				};
				rows.push(row);
				for (const what of Object.keys(samples[0].result.alsoMs ?? {}))
					rows.push({
						...row,
						variant: { ...variant, label: `${variant.label}, ${what}`, baseline: false },
						median: { ...row.median, wallMs: pick((r) => r.alsoMs?.[what]) },
					});
				process.stderr.write(
					`  ${new Date().toISOString()} ${suite.title} / ${variant.label}: ${row.median.wallMs} ms (runs: ${samples.map((s) => `${s.result.wallMs} ms, CPU ${s.result.cpuMs ?? '-'} ms, load ${s.load.toFixed(1)}, ${s.result.peakRssMb} MiB, emulator CPU ${s.emulatorCpuMs} ms`).join(', ')}) ${samples[0].result.note ?? ''}\n`,
				);
			}
		} finally {
			await suite.finish?.();
			await emulator.close();
		}
	}
	print(rows);
}

function print(rows: Row[]) {
	const lines = [
		`Benchmarks, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, median of ${runs} runs`,
		'',
		'| Scenario | Variant | Wall (ms) | Ratio to baseline | Client CPU (ms) | Emulator CPU (ms) | Records | Records/s | API requests | Token requests | Peak RSS (MiB) | Note |',
		'|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
	];
	for (const row of rows) {
		const baseline = rows.find((r) => r.suite === row.suite && r.variant.baseline);
		const ratio = baseline ? (row.median.wallMs / baseline.median.wallMs).toFixed(2) : '';
		const records = row.median.records ?? 0;
		const rate =
			records && row.median.wallMs
				? Math.round((records / row.median.wallMs) * 1000).toLocaleString('en-US')
				: '';
		lines.push(
			`| ${row.suite} | ${row.variant.label}${row.variant.baseline ? ' (baseline)' : ''} | ${Math.round(row.median.wallMs)} | ${ratio} | ${row.median.cpuMs ?? ''} | ${row.emulatorCpuMs} | ${records ? records.toLocaleString('en-US') : ''} | ${rate} | ${row.apiRequests} | ${row.tokenRequests} | ${row.median.peakRssMb} | ${row.median.note ?? ''} |`,
		);
	}
	console.log(lines.join('\n'));
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
