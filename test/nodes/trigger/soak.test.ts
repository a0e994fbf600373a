import { type CursorMode } from '../../harness/poll';
import { pollTrigger } from '../../support/armedTrigger';
import { useEmulator } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { single } from '../../support/query';
import { addRandomFault, emittedFigures, firedSince, rng } from '../../support/soak';

const PATH = '/v1/time-registrations';
const SEC = 1000;
const MIN = 60 * SEC;

interface Version {
	id: string;
	/** The modification time for a live record, 'del' for its deletion. */
	version: string;
	modified: number;
	/** First tick that could read it. */
	fromTick: number;
	/** First tick after it was superseded. */
	untilTick?: number;
}

interface SoakFigures {
	polls: number;
	failedPolls: number;
	restarts: number;
	mutations: { created: number; changed: number; deleted: number };
	versions: number;
	required: number;
	emitted: number;
	lost: number;
	duplicated: number;
	unexpected: number;
	faults: Record<string, number>;
	scenarios: Record<string, number>;
	idlePolls: number;
	idleRequests: number;
	requests: number;
}

describe('Workforce Trigger > Soak: random changes and faults, every change exactly once', () => {
	const clock = useFakeDate();
	const fx = useEmulator({ workData: { timeRegistrations: 150 } });
	const data = () => fx.emulator.ctx.sections.workData.data;

	async function soak(
		seed: number,
		polls: number,
		cursorMode: CursorMode,
		restartEvery?: number,
	): Promise<SoakFigures> {
		const random = rng(seed);
		const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
		// A 1 s timeout is far above an ordinary page even on a loaded machine; held and stalled
		// answers time out whatever the machine's speed.
		const trigger = pollTrigger(
			fx,
			{
				event: 'timeRegistration',
				options: { pageSize: 7, retries: 3, retryDelayMs: 1, timeout: 1000 },
			},
			{ cursorMode },
		);
		const ledger = new Map<string, Version[]>();
		const live: string[] = [];
		const emitted = new Map<string, number>();
		const successBefore = new Map<number, number>();
		const scenarios: Record<string, number> = {};
		const mutations = { created: 0, changed: 0, deleted: 0 };
		const firedBefore = { ...fx.emulator.ctx.faults.fired };
		let failedPolls = 0;
		let restarts = 0;
		let idlePolls = 0;
		let idleRequests = 0;
		let skew = 0;
		const seq0 = fx.emulator.ctx.log.lastSeq;
		const count = (name: string) => (scenarios[name] = (scenarios[name] ?? 0) + 1);

		const record = (id: string, version: string, modified: number, tick: number) => {
			const versions = ledger.get(id) ?? [];
			const last = versions[versions.length - 1];
			if (last && last.untilTick === undefined) last.untilTick = tick;
			versions.push({ id, version, modified, fromTick: tick });
			ledger.set(id, versions);
		};
		const mutate = (tick: number) => {
			const d = data();
			const roll = random();
			if (roll < 0.4 || live.length < 5) {
				const index = d.addTimeRegistration({
					hours: Math.round(random() * 16) / 2 + 0.5,
					description: `soak ${tick}`,
				});
				const id = d.timeRegistrationId(index);
				live.push(id);
				record(id, String(d.modified[index]), d.modified[index], tick);
				mutations.created++;
			} else if (roll < 0.85) {
				const id = pick(live);
				const index = d.changeTimeRegistration(id, { hours: Math.round(random() * 16) / 2 + 0.5 });
				record(id, String(d.modified[index]), d.modified[index], tick);
				mutations.changed++;
			} else {
				const id = pick(live);
				live.splice(live.indexOf(id), 1);
				const index = d.deleteTimeRegistration(id);
				record(id, 'del', d.modified[index], tick);
				mutations.deleted++;
			}
		};

		// Activation (from now), then polls.
		await trigger.activate();
		await trigger.tick();
		const totalTicks = polls + 3;
		for (let tick = 1; tick <= totalTicks; tick++) {
			const quiet = tick > polls; // the last polls only drain: no changes, no faults, no skew
			clock.advance(quiet ? 11 * MIN : Math.floor(20 * SEC + random() * 160 * SEC));
			if (quiet && skew !== 0) {
				fx.emulator.ctx.clock.advance(-skew);
				skew = 0;
			}
			let changes = 0;
			let edge: number | undefined;
			if (!quiet) {
				// The service's clock runs a little apart from n8n's for a while (inside the overlap).
				if (random() < 0.06) {
					const next = skew === 0 ? pick([-3 * MIN, 2 * MIN]) : 0;
					fx.emulator.ctx.clock.advance(next - skew);
					skew = next;
					count('clockSkew');
				}
				changes = Math.floor(random() * 5);
				for (let i = 0; i < changes; i++) mutate(tick);
				const scenario = random();
				if (scenario < 0.06) {
					// Many records share one timestamp across a page boundary (page size 7).
					const n = 10 + Math.floor(random() * 6);
					for (let i = 0; i < n; i++) mutate(tick);
					changes += n;
					count('sameTimestampBurst');
				} else if (scenario < 0.14 && skew === 0) {
					// Changed exactly at the edge: stamped at the very instant the poll starts
					// (ModifiedBefore excludes it; the next poll's window includes it).
					edge = Math.ceil(Date.now() / SEC) * SEC + SEC;
					jest.setSystemTime(edge);
					mutate(tick);
					changes++;
					count('windowEdge');
				} else if (scenario < 0.18) {
					// n8n's clock steps back (an NTP correction).
					jest.setSystemTime(Date.now() - 90 * SEC);
					count('n8nClockStepBack');
				}
				addRandomFault(random, fx.emulator.ctx.faults, PATH);
			}
			const seqBefore = fx.emulator.ctx.log.lastSeq;
			const hadFault = fx.emulator.ctx.faults.pending() > 0;
			const result = await trigger.tick();
			fx.emulator.ctx.faults.clear();
			const requests = fx.emulator.ctx.log.since(seqBefore);
			if (result.error) failedPolls++;
			else {
				const first = requests.find((r) => r.path === PATH && !single(r.query).ContinuationToken);
				const before = Date.parse(String(single(first?.query ?? {}).ModifiedBefore ?? Infinity));
				successBefore.set(tick, before);
				if (edge !== undefined && before === edge) count('windowEdgeExact');
			}
			if (!quiet && changes === 0 && !hadFault && !result.error) {
				idlePolls++;
				idleRequests += requests.length;
			}
			for (const item of result.items) {
				const json = item.json;
				const key = `${String(json.id)}@${json.event === 'deleted' ? 'del' : String(Date.parse(String(json.modifiedDateTime)))}`;
				emitted.set(key, (emitted.get(key) ?? 0) + 1);
			}
			if (restartEvery && tick % restartEvery === 0) {
				trigger.restart();
				restarts++;
			}
		}

		// A version must be emitted when some successful poll ran while it was current and its
		// window reached it; the last version of every record always (the quiet polls drain).
		let required = 0;
		let lost = 0;
		let versions = 0;
		const known = new Set<string>();
		for (const list of ledger.values()) {
			list.forEach((v, i) => {
				versions++;
				const key = `${v.id}@${v.version}`;
				known.add(key);
				const last = i === list.length - 1;
				let must = last;
				for (let t = v.fromTick; !must && t < (v.untilTick ?? totalTicks + 1); t++) {
					const before = successBefore.get(t);
					if (before !== undefined && before > v.modified) must = true;
				}
				if (!must) return;
				required++;
				if (!emitted.has(key)) lost++;
			});
		}
		const faults = firedSince(fx.emulator.ctx.faults.fired, firedBefore);
		return {
			polls: totalTicks + 1,
			failedPolls,
			restarts,
			mutations,
			versions,
			required,
			lost,
			...emittedFigures(emitted, known),
			faults,
			scenarios,
			idlePolls,
			idleRequests,
			requests: fx.emulator.ctx.log.since(seq0).filter((r) => r.api === 'extraction').length,
		};
	}

	it('durable cursor: 150 polls with random changes and injected faults lose and duplicate nothing', async () => {
		const figures = await soak(20261122, 150, 'durable');
		console.log(`Trigger soak (durable cursor): ${JSON.stringify(figures)}`);
		expect(figures).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
		expect(figures.required).toBeGreaterThan(200);
		expect(figures.failedPolls).toBeGreaterThan(0);
		expect(Object.keys(figures.faults)).toEqual(
			expect.arrayContaining(['status500', 'status503', 'drop', 'expireTokens', 'hold']),
		);
		expect(figures.scenarios).toMatchObject({
			windowEdgeExact: expect.any(Number),
			sameTimestampBurst: expect.any(Number),
			clockSkew: expect.any(Number),
			n8nClockStepBack: expect.any(Number),
		});
		// Polls without new changes still re-read the overlap (7-record pages) and now and then
		// refresh an expired token; a poll with an empty overlap costs one request (faults test).
		expect(figures.idleRequests).toBeLessThan(figures.idlePolls * 3);
	});

	it('static-data cursor with n8n restarts: 100 polls lose and duplicate nothing', async () => {
		const figures = await soak(777, 100, 'staticData', 17);
		console.log(`Trigger soak (static data, restarts): ${JSON.stringify(figures)}`);
		expect(figures).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
		expect(figures.restarts).toBeGreaterThan(4);
		expect(figures.required).toBeGreaterThan(150);
	});
});
