/*
 * Return All inside a running n8n: `n8n execute` of one of the workflows bench/n8n-instance.ts
 * imported (BENCH_N8N_WORKFLOW: workforce or httpRequest). The figure is the node's own
 * executionTime as n8n records it in the run data, not n8n's start-up.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { n8nEnv } from '../../test/e2e/support/n8n-env';
import type { BenchN8n } from '../n8n-instance';
import type { ScenarioResult } from '../measure';

interface NodeRun {
	executionTime: number;
	data?: { main?: Array<Array<{ json: { data?: unknown[] } }>> };
}

async function main() {
	const bench = JSON.parse(process.env.BENCH_N8N_INSTANCE ?? 'null') as BenchN8n | null;
	const which = process.env.BENCH_N8N_WORKFLOW as keyof BenchN8n['workflows'];
	if (!bench || !bench.workflows[which]) throw new Error('Run through bench/run (suite "n8n"): BENCH_N8N_INSTANCE and BENCH_N8N_WORKFLOW are not set');
	// The run data of 100,000 records is hundreds of MB: to a file, not through a pipe into a string.
	const file = join(bench.scratch, `run-${process.pid}.json`);
	const out = openSync(file, 'w');
	const child = spawn(bench.runtime.node, ['--max-old-space-size=8192', bench.runtime.bin, 'execute', `--id=${bench.workflows[which]}`, '--rawOutput'], {
		env: n8nEnv(bench.instance),
		stdio: ['ignore', out, 'inherit'],
	});
	// n8n's peak RSS, sampled (VmHWM only grows, so the last sample is close to the peak).
	let peakKb = 0;
	const sample = setInterval(() => {
		try {
			const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
			if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
		} catch {
			// not Linux, or the process has just exited
		}
	}, 100);
	const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
	clearInterval(sample);
	closeSync(out);
	const text = readFileSync(file, 'utf8');
	rmSync(file, { force: true });
	// n8n prints log lines first, then the run as indented JSON from a line that is exactly `{`.
	const start = text.indexOf('\n{\n');
	const run = JSON.parse(text.slice(start + 1)) as { data: { resultData: { runData: Record<string, NodeRun[]>; error?: { message?: string } } } };
	const { runData, error } = run.data.resultData;
	if (code !== 0 || error) throw new Error(`n8n execute failed (exit ${code}): ${error?.message ?? 'no run data'}`);
	const node = runData[bench.node][0];
	const items = node.data?.main?.[0] ?? [];
	// The HTTP Request node outputs one item per page (records inside), the Workforce node one per record.
	const records = which === 'httpRequest' ? items.reduce((n, item) => n + (item.json.data?.length ?? 0), 0) : items.length;
	const result: ScenarioResult = { wallMs: node.executionTime, peakRssMb: Math.round(peakKb / 102.4) / 10, records, note: 'node executionTime in n8n; RSS of the n8n process' };
	process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
