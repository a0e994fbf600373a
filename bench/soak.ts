/*
 * `npm run soak`: Return All extractions and Workforce Trigger polls against the emulator with
 * random, seeded faults (500s, 503 bursts, delays, dropped, cut-off and stalled answers, expired tokens). Prints
 * runs, faults by kind, records expected, lost and duplicated; exits non-zero on any loss or
 * duplicate. Bounded in time: SOAK_SECONDS (default 120), SOAK_SEED, SOAK_RECORDS.
 *
 * Extraction: every other run is partitioned (Equal Parts, Parallel Requests 4) against the
 * emulator's latency model with a concurrency limit of 3 (SOAK_LATENCY), so the service's own 429s
 * come on top of the faults. A fault-free reference run gives the expected ids; every run that succeeds must
 * return each exactly once (a run that fails after its retries outputs nothing, by design, and
 * is counted as failed, not as loss). Trigger: random creates, changes and deletes between polls;
 * after quiet drain polls the last version of every record must have been emitted, and no
 * version twice. (The jest soaks in test/nodes/trigger also check every intermediate version a
 * successful poll could see, under a fake clock.)
 */
import { DEMO, startEmulator, type Emulator } from '../test/emulator';
import { executeNode } from '../test/harness/execute';
import { PollHarness } from '../test/harness/poll';
import { addRandomFault, rng } from '../test/support/soak';
import { credentialsFor } from './scenarios/engine';

const seconds = Number(process.env.SOAK_SECONDS ?? 120);
const seed = Number(process.env.SOAK_SEED ?? 20261122);
const records = Number(process.env.SOAK_RECORDS ?? 20_000);
const PATH = '/v1/time-registrations';
/** The extraction emulator's latency model: three requests at once, then 429 (Retry-After: 0). */
const latency =
	process.env.SOAK_LATENCY ?? 'ttfbMs=1,maxConcurrent=3,overloadAt=6,retryAfterSeconds=0';

interface Figures {
	extractionRuns: number;
	/** Of them, partitioned. */
	partitionedRuns: number;
	extractionFailedRuns: number;
	/** Why runs failed, message -> count. */
	failures: Record<string, number>;
	triggerPolls: number;
	triggerFailedPolls: number;
	faults: Record<string, number>;
	expected: number;
	lost: number;
	duplicated: number;
}

function credentials(emulator: Emulator) {
	return credentialsFor({
		integration: emulator.urls.integration,
		extraction: emulator.urls.extraction,
		identity: emulator.urls.identity,
		...DEMO.clients.admin,
	});
}

async function extractionRun(
	emulator: Emulator,
	partitioned = false,
): Promise<{ ids?: string[]; error?: Error }> {
	const data = emulator.ctx.sections.workData.data;
	const days = Array.from({ length: data.count }, (_, i) =>
		Date.parse(`${data.timeRegistration(i).workDate as string}T00:00:00Z`),
	);
	const window = partitioned
		? {
				fromDateTime: new Date(Math.min(...days)).toISOString(),
				toDateTime: new Date(Math.max(...days)).toISOString(),
			}
		: {};
	const partitions = partitioned
		? { partitionBy: 'parts', partitionCount: 8, parallelRequests: 4 }
		: {};
	const result = await executeNode({
		credentials: credentials(emulator),
		parameters: {
			resource: 'dataExtraction',
			operation: 'getTimeRegistrations',
			returnAll: true,
			...window,
			options: { retries: 4, retryDelay: 5, timeout: 2000, ...partitions },
		},
	});
	if (result.error) return { error: result.error };
	return { ids: result.items.map((i) => String(i.json.id)) };
}

async function main() {
	const random = rng(seed);
	const deadline = Date.now() + seconds * 1000;
	const figures: Figures = {
		extractionRuns: 0,
		partitionedRuns: 0,
		extractionFailedRuns: 0,
		failures: {},
		triggerPolls: 0,
		triggerFailedPolls: 0,
		faults: {},
		expected: 0,
		lost: 0,
		duplicated: 0,
	};
	const extraction = await startEmulator({
		workData: { timeRegistrations: records, pageSize: 500 },
		latency,
	});
	const triggered = await startEmulator({ workData: { timeRegistrations: 150 } });
	try {
		const reference = await extractionRun(extraction);
		if (!reference.ids) throw reference.error;
		const expectedIds = new Set(reference.ids);
		if (expectedIds.size !== reference.ids.length)
			throw new Error('the fault-free reference run returned duplicates');

		const data = triggered.ctx.sections.workData.data;
		const trigger = new PollHarness({
			credentials: credentials(triggered),
			parameters: {
				event: 'timeRegistration',
				options: { pageSize: 7, retries: 3, retryDelayMs: 1, timeout: 250 },
			},
		});
		await trigger.activate();
		await trigger.tick();
		const lastVersion = new Map<string, string>();
		const live: string[] = [];
		const emitted = new Map<string, number>();
		const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
		const mutate = () => {
			const roll = random();
			if (roll < 0.4 || live.length < 5) {
				const index = data.addTimeRegistration({
					hours: Math.round(random() * 16) / 2 + 0.5,
					description: 'soak',
				});
				const id = data.timeRegistrationId(index);
				live.push(id);
				lastVersion.set(id, String(data.modified[index]));
			} else if (roll < 0.85) {
				const id = pick(live);
				lastVersion.set(
					id,
					String(
						data.modified[
							data.changeTimeRegistration(id, { hours: Math.round(random() * 16) / 2 + 0.5 })
						],
					),
				);
			} else {
				const id = pick(live);
				live.splice(live.indexOf(id), 1);
				data.deleteTimeRegistration(id);
				lastVersion.set(id, 'del');
			}
		};
		const poll = async () => {
			const tick = await trigger.tick();
			triggered.ctx.faults.clear();
			figures.triggerPolls++;
			if (tick.error) figures.triggerFailedPolls++;
			for (const item of tick.items) {
				const key = `${String(item.json.id)}@${item.json.event === 'deleted' ? 'del' : String(Date.parse(String(item.json.modifiedDateTime)))}`;
				emitted.set(key, (emitted.get(key) ?? 0) + 1);
			}
		};

		while (Date.now() < deadline) {
			// One Return All with up to three faults on its pages.
			for (let i = 0, n = 1 + Math.floor(random() * 3); i < n; i++)
				addRandomFault(random, extraction.ctx.faults, PATH);
			const run = await extractionRun(extraction, figures.extractionRuns % 2 === 1);
			extraction.ctx.faults.clear();
			figures.extractionRuns++;
			if (figures.extractionRuns % 2 === 0) figures.partitionedRuns++;
			if (!run.ids) {
				figures.extractionFailedRuns++;
				// Page numbers and counts vary; the reason is what matters.
				const reason = String(run.error?.message ?? 'no message').replace(/\d+/g, 'N');
				figures.failures[reason] = (figures.failures[reason] ?? 0) + 1;
			} else {
				figures.expected += expectedIds.size;
				const seen = new Map<string, number>();
				for (const id of run.ids) seen.set(id, (seen.get(id) ?? 0) + 1);
				for (const id of expectedIds) if (!seen.has(id)) figures.lost++;
				for (const n of seen.values()) if (n > 1) figures.duplicated += n - 1;
			}
			// A few trigger polls with changes and a fault before each.
			for (let i = 0; i < 5; i++) {
				for (let c = Math.floor(random() * 5); c > 0; c--) mutate();
				addRandomFault(random, triggered.ctx.faults, PATH);
				await poll();
			}
		}
		// Quiet drain: no changes, no faults; past the second the last changes were stamped in.
		await new Promise((resolve) => setTimeout(resolve, 1100));
		for (let i = 0; i < 3; i++) await poll();
		figures.expected += lastVersion.size;
		for (const [id, version] of lastVersion) if (!emitted.has(`${id}@${version}`)) figures.lost++;
		for (const n of emitted.values()) if (n > 1) figures.duplicated += n - 1;
		const counters = extraction.ctx.latency.counters();
		figures.faults.concurrency429 = counters.rejected429;
		figures.faults.concurrency503 = counters.rejected503;
		for (const fired of [extraction.ctx.faults.fired, triggered.ctx.faults.fired]) {
			for (const [kind, n] of Object.entries(fired))
				figures.faults[kind] = (figures.faults[kind] ?? 0) + n;
		}
	} finally {
		await extraction.close();
		await triggered.close();
	}
	const faultTotal = Object.values(figures.faults).reduce((a, n) => a + n, 0);
	console.log(
		`Soak, seed ${seed}, ${seconds} s, ${records.toLocaleString('en-US')} time registrations per extraction (pages of 500)`,
	);
	console.log(
		`  extraction runs:    ${figures.extractionRuns} (${figures.partitionedRuns} partitioned, latency ${latency}; ${figures.extractionFailedRuns} failed after retries, output nothing)`,
	);
	for (const [reason, n] of Object.entries(figures.failures)) console.log(`    ${n} x ${reason}`);
	console.log(
		`  trigger polls:      ${figures.triggerPolls} (${figures.triggerFailedPolls} failed, retried by the next poll)`,
	);
	console.log(
		`  faults injected:    ${faultTotal} (${Object.entries(figures.faults)
			.map(([k, n]) => `${k} ${n}`)
			.join(', ')})`,
	);
	console.log(`  records expected:   ${figures.expected.toLocaleString('en-US')}`);
	console.log(`  records lost:       ${figures.lost}`);
	console.log(`  records duplicated: ${figures.duplicated}`);
	if (figures.lost > 0 || figures.duplicated > 0) process.exitCode = 1;
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
