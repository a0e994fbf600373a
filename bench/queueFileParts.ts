/*
 * `BENCH_QUEUE_SUITE=fileParts npm run bench:queue` (scripts/bench-queue.sh starts the queue-mode
 * stack first, BENCH_BACKFILL_RECORDS time registrations in the emulator): the File output on a
 * worker, binary data in Postgres (queue mode's default), executions saved, Split Into Parts left
 * at Automatic. Per variant (NDJSON, NDJSON + gzip): wall time of the execution beside a plain
 * undici loop over the same pages in the same run, the worker's peak RSS growth (VmHWM reset just
 * before the run, minus the RSS then), the parts written and their bytes in `binary_data`. Then
 * every part is read back from Postgres (gunzipped when compressed) and every record id checked
 * against the service's, each once. Prints one markdown table. Figures only: nothing asserts speed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

import { DEMO } from '../test/emulator/seed/demo';
import { workforceCredential } from '../test/e2e/support/demoValues';
import { N8nServer } from '../test/e2e/support/n8nServer';
import { finishedExecution, startManualRun, workerOf } from '../test/e2e/support/restRunner';
import { unflatten } from '../test/e2e/support/executions';
import { postgres } from '../test/e2e/queue/queueSupport';
import { QUEUE_DIR, readStack } from '../test/e2e/queue/stackFile';
import { resetPeakRss, vmHwmMb, vmRssMb, type Target } from './measure';
import { RunProbe, type ProbeResult } from './runProbe';
import { eachTimeRegistrationPage } from './scenarios/token';

const records = Number(process.env.BENCH_BACKFILL_RECORDS ?? 1_000_000);
const OWNER = {
	email: 'bench@example.com',
	firstName: 'Bench',
	lastName: 'Queue',
	password: 'Bench-Passw0rd-wf',
};
const VARIANTS = [
	{ label: 'Workforce node, File NDJSON, parts (Automatic)', compress: false },
	{ label: 'Workforce node, File NDJSON + gzip, parts (Automatic)', compress: true },
].filter((v) => !process.env.BENCH_VARIANT || v.label.includes(process.env.BENCH_VARIANT));

const t0 = Date.now();
const say = (msg: string) =>
	process.stderr.write(`[bench:queue] ${msg} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
const n = (value: number) => Math.round(value).toLocaleString('en-US');

interface Row {
	label: string;
	wallMs: number;
	growthMb?: number;
	parts?: number;
	bytes?: number;
	checked?: string;
	probe?: ProbeResult;
}

/** The plain loop, which also keeps the service's ids in order for the read-back check (one pass, not two: 5,000,000 records take minutes). */
async function baseline(target: Target, ids: string[], probe: RunProbe): Promise<Row> {
	const started = Date.now();
	await eachTimeRegistrationPage(target, (page) => {
		for (const r of page as Array<{ id: unknown }>) ids.push(String(r.id));
	});
	return {
		label: 'plain undici loop, parse, keep the ids (baseline)',
		wallMs: Date.now() - started,
		checked: `${n(ids.length)} records`,
		probe: await probe.stop(undefined),
	};
}

async function main() {
	const stack = readStack();
	const server = new N8nServer(stack.runtime, stack.main.instance);
	await server.setupOwner(OWNER);
	await server.login(OWNER.email, OWNER.password);
	const draft = workforceCredential('unsaved', 'Workforce (bench emulator)', stack.emulator.urls);
	const credential = { ...draft, id: await server.createCredential(draft) };
	const target: Target = {
		integration: stack.emulator.urls.integration,
		extraction: stack.emulator.urls.extraction,
		identity: stack.emulator.urls.identity,
		...DEMO.clients.admin,
	};
	const db = await postgres('n8n');
	const pidOf = (name: string) => stack.processes.find((p) => p.name === name)!.pid;
	const postgresLog = stack.processes.find((p) => p.name === 'postgres')!.log;
	const startProbe = async () =>
		await RunProbe.start(db, postgresLog, {
			workers: stack.workers.map((w) => w.pid),
			postgres: pidOf('postgres'),
			emulator: pidOf('emulator'),
		});
	// The service's ids in order, for the read-back check.
	const ids: string[] = [];
	const rows: Row[] = [await baseline(target, ids, await startProbe())];
	say(`baseline ${n(rows[0].wallMs)} ms, ${n(ids.length)} records in the service`);
	try {
		for (const variant of VARIANTS) {
			const workflowId = await server.createWorkflow({
				name: `Bench: ${variant.label}`,
				nodes: [
					{
						id: 'b1',
						name: 'Start',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					{
						id: 'b2',
						name: 'Extract',
						type: 'n8n-nodes-workforce.workforce',
						typeVersion: 1,
						position: [200, 0],
						parameters: {
							resource: 'dataExtraction',
							operation: 'getTimeRegistrations',
							returnAll: true,
							output: 'file',
							fileFormat: 'ndjson',
							compress: variant.compress,
						},
						credentials: { workforceApi: { id: credential.id, name: credential.name } },
					},
				],
				connections: { Start: { main: [[{ node: 'Extract', type: 'main', index: 0 }]] } },
				settings: {},
			});
			const before = new Map(stack.workers.map((w) => [w.pid, vmRssMb(w.pid) ?? 0]));
			for (const w of stack.workers) resetPeakRss(w.pid);
			const probe = await startProbe();
			const started = Date.now();
			const executionId = await startManualRun(server, workflowId, 'Start');
			const stored = await finishedExecution(server, executionId, 3_600_000);
			const wallMs = Date.now() - started;
			const worker = workerOf(executionId, stack.workers);
			const pid = stack.workers.find((w) => w.name === worker)?.pid;
			const probed = await probe.stop(pid);
			const growthMb = pid ? (vmHwmMb(pid) ?? NaN) - before.get(pid)! : undefined;
			say(
				`${variant.label}: ${stored.status} on ${worker} in ${n(wallMs)} ms, RSS growth ${growthMb} MiB`,
			);
			const data = (typeof stored.data === 'string' ? unflatten(stored.data) : stored.data) as {
				resultData: {
					runData: Record<
						string,
						Array<{
							data?: {
								main: Array<
									Array<{ json: Record<string, unknown>; binary?: Record<string, { id?: string }> }>
								>;
							};
						}>
					>;
					error?: { message?: string };
				};
			};
			if (stored.status !== 'success') {
				rows.push({
					label: variant.label,
					wallMs,
					growthMb,
					checked: `FAILED: ${data.resultData.error?.message}`,
					probe: probed,
				});
				continue;
			}
			const items = data.resultData.runData.Extract[0].data!.main[0];
			const stats = await db.query<{ n: string; bytes: string }>(
				`SELECT count(*) AS n, coalesce(sum("fileSize"), 0) AS bytes FROM binary_data WHERE "sourceType" = 'execution' AND "sourceId" = $1`,
				[executionId],
			);
			// Read back part by part, in order: every id of the service once.
			let at = 0;
			let mismatch = '';
			for (const item of items) {
				const fileId = String(item.binary!.data.id).split(':')[1];
				const { rows: found } = await db.query<{ data: Buffer }>(
					'SELECT data FROM binary_data WHERE "fileId" = $1',
					[fileId],
				);
				let bytes = found[0].data;
				if (variant.compress) bytes = gunzipSync(bytes);
				const text = bytes.toString('utf8');
				for (let start = 0; start < text.length; ) {
					const end = text.indexOf('\n', start);
					const id = String((JSON.parse(text.slice(start, end)) as { id: unknown }).id);
					if (!mismatch && id !== ids[at])
						mismatch = `record ${at}: ${id} where the service has ${ids[at]}`;
					at++;
					start = end + 1;
				}
			}
			if (!mismatch && at !== ids.length)
				mismatch = `${at} records where the service has ${ids.length}`;
			rows.push({
				label: variant.label,
				wallMs,
				growthMb,
				parts: items.length,
				bytes: Number(stats.rows[0].bytes),
				checked: mismatch || `${n(at)} records, each once, in order`,
				probe: probed,
			});
			// The next variant starts from a database without this one's parts.
			await server.rest('POST', '/rest/executions/delete', { ids: [executionId] });
		}
	} finally {
		await db.end();
	}
	const base = rows[0].wallMs;
	const s = (ms: number | undefined) => (ms === undefined ? '' : (ms / 1000).toFixed(1));
	const threads = (cpu: Array<[string, number]>) =>
		cpu
			.slice(0, 4)
			.map(([name, ms]) => `${name} ${s(ms)}`)
			.join(', ');
	const table = [
		`File output in parts, queue mode (main + 2 workers, Postgres, binary data in the database, executions saved), ${n(records)} records, ${new Date().toISOString()}`,
		'',
		'| Variant | Wall (ms) | Ratio | Worker RSS growth (MiB) | Parts | Bytes in Postgres | Load average | Read back |',
		'| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
		...rows.map(
			(r) =>
				`| ${r.label} | ${n(r.wallMs)} | ${(r.wallMs / base).toFixed(2)} | ${r.growthMb === undefined ? '' : n(r.growthMb)} | ${r.parts ?? ''} | ${r.bytes === undefined ? '' : n(r.bytes)} | ${r.probe?.loadAverage.toFixed(1) ?? ''} | ${r.checked ?? ''} |`,
		),
		'',
		'Where the time went (CPU seconds over the run, from /proc; Postgres time in statements on binary_data over 200 ms, from its log):',
		'',
		'| Variant | Wall (s) | Worker CPU by thread (s) | Postgres CPU (s) | Emulator CPU (s) | binary_data statements: parse / bind / execute (s) |',
		'| --- | ---: | --- | ---: | ---: | --- |',
		...rows.map((r) => {
			const st = r.probe?.binaryStatements;
			return `| ${r.label} | ${s(r.wallMs)} | ${r.probe ? threads(r.probe.workerCpu) : ''} | ${s(r.probe?.postgresCpuMs)} | ${s(r.probe?.emulatorCpuMs)} | ${st?.count ? `${st.count}: ${s(st.ms.parse ?? 0)} / ${s(st.ms.bind ?? 0)} / ${s(st.ms.execute ?? 0)}` : ''} |`;
		}),
	].join('\n');
	writeFileSync(join(QUEUE_DIR, 'bench-file-parts.md'), `${table}\n`);
	writeFileSync(join(QUEUE_DIR, 'bench-file-parts.json'), JSON.stringify(rows, null, 2));
	process.stdout.write(`${table}\n`);
}

main().catch((error: unknown) => {
	process.stderr.write(
		`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
	);
	process.exit(1);
});
