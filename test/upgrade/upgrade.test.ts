import type { CursorMode } from '../harness/poll';
import {
	everyOperation,
	everyTriggerEvent,
	freshService,
	Ids,
	releases,
	stopDate,
	type NodeFixture,
	type Observed,
	type TriggerFixture,
} from './fixture';
import { NODE_RECIPES, TRIGGER_RECIPES } from './recipes';
import { runNode, runTrigger } from './replay';

/**
 * The upgrade contract: workflows saved with an earlier release run with this code unchanged and
 * do what they did then (the same requests, the same items), and an active trigger resumes from
 * the cursor it stored without losing or repeating a change. See docs/development.md.
 */
const all = releases();
const newest = all.at(-1);

describe('Upgrade fixtures', () => {
	it('exist for at least one release', () => {
		expect(all.length).toBeGreaterThan(0);
	});

	it('the newest covers every operation of the node', () => {
		const saved = newest?.nodes.map((n) => `${n.resource}.${n.operation}`) ?? [];
		expect(everyOperation().filter((op) => !saved.includes(op))).toEqual([]);
	});

	it('the generator has a recipe for every operation and trigger event it saves', () => {
		const recipes = NODE_RECIPES.map((r) => `${r.case.resource}.${r.case.operation}`);
		expect(everyOperation().filter((op) => !recipes.includes(op))).toEqual([]);
		expect(
			TRIGGER_RECIPES.map((r) => r.event).filter((e) => !everyTriggerEvent().includes(e)),
		).toEqual([]);
	});
});

describe.each(all.map((r) => [r.release, r] as const))('Workflows saved with %s', (_, release) => {
	// Every case starts at the instant the fixture was saved (a trigger case moves the clock).
	beforeEach(() => stopDate(release.savedAt));
	afterAll(() => jest.useRealTimers());

	describe('Workforce node, every operation in the order they were saved', () => {
		// The saved workflows are one story on one service: rows create what later rows read, change
		// and delete, and the service's ids are numbered in order of first sight. So the story is
		// replayed once, whole and in saved order, before the cases, and each case checks its own
		// workflow's run: the cases pass or fail alike in any order, or one alone.
		const runs = new Map<NodeFixture, Observed | Error>();
		beforeAll(async () => {
			stopDate(release.savedAt);
			const service = await freshService();
			const ids = new Ids();
			try {
				for (const fixture of release.nodes) {
					try {
						runs.set(fixture, await runNode(service, ids, fixture));
					} catch (error) {
						runs.set(fixture, error as Error);
					}
				}
			} finally {
				await service.emulator.close();
			}
		});

		it.each(release.nodes.map((n) => [`${n.resource} > ${n.operation}`, n] as const))(
			'%s',
			(_name, fixture: NodeFixture) => {
				const observed = runs.get(fixture);
				if (observed instanceof Error) throw observed;
				expect(observed).toEqual(fixture.expected);
				expect(observed?.requests.length).toBeGreaterThan(0);
			},
		);
	});

	describe.each(['staticData', 'durable'] as CursorMode[])(
		'Workforce Trigger (%s cursor)',
		(mode) => {
			it.each(release.triggers.map((t) => [t.event, t] as const))(
				'resumes on %s from its stored cursor: each change since emitted once',
				async (_event, fixture: TriggerFixture) => {
					const service = await freshService({
						workData: { timeRegistrations: fixture.timeRegistrations },
					});
					try {
						const {
							observed,
							changed,
							emitted: raw,
							next,
						} = await runTrigger(service, new Ids(), fixture, mode);
						expect(observed).toEqual(fixture.expected);
						const emitted = observed.items.map((i) => JSON.stringify(i.json));
						expect(new Set(emitted).size).toBe(emitted.length);
						if (fixture.event === 'timeRegistration') {
							const emittedIds = raw.map((i) => String(i.json.id));
							expect([...emittedIds].sort()).toEqual([...new Set(changed)].sort());
						}
						expect(next).toEqual([]);
					} finally {
						await service.emulator.close();
					}
				},
			);
		},
	);
});
