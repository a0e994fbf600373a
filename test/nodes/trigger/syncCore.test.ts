import {
	imageStream,
	recordStream,
	stableHash,
} from '../../../nodes/WorkforceTrigger/sync/changes';
import { collectChanges, nextState, type Page } from '../../../nodes/WorkforceTrigger/sync/run';
import { SeenSet } from '../../../nodes/WorkforceTrigger/sync/seen';
import { parseServiceTime } from '../../../nodes/WorkforceTrigger/sync/time';
import { planWindow } from '../../../nodes/WorkforceTrigger/sync/window';

const T0 = Date.parse('2026-03-01T12:00:00Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * MIN).toISOString();

async function* pagesOf(...pages: Page[]): AsyncGenerator<Page> {
	for (const page of pages) yield page;
}

function trStream(seen: SeenSet, since: number) {
	return recordStream({ distinguishCreated: true, seen, createdSince: () => since });
}

describe('Trigger sync core (pure)', () => {
	it('reads zone-less times as UTC and 0001-01-01 as no value', () => {
		expect(parseServiceTime('2026-03-01T12:00:00')).toBe(T0);
		expect(parseServiceTime('2026-03-01T12:00:00Z')).toBe(T0);
		expect(parseServiceTime('2026-03-01T13:00:00+01:00')).toBe(T0);
		expect(parseServiceTime('0001-01-01T00:00:00')).toBeUndefined();
		expect(parseServiceTime('')).toBeUndefined();
		expect(parseServiceTime(null)).toBeUndefined();
	});

	it('plans the window from the stored lower edge to the poll start, without ModifiedBefore when not later', () => {
		expect(planWindow(T0, T0 + 5 * MIN)).toEqual({ since: T0, before: T0 + 5 * MIN });
		expect(planWindow(T0, T0)).toEqual({ since: T0 });
	});

	it('emits creations, changes and tombstones once; drops overlap repeats and repeated tombstones', async () => {
		const seen = new SeenSet({ a: [String(Date.parse(at(-3))), Date.parse(at(-3))] });
		const since = T0 - 10 * MIN;
		const collected = await collectChanges({
			window: { since, before: T0 },
			seen,
			kind: trStream(seen, since),
			pages: pagesOf(
				{
					records: [
						{ id: 'a', createdDateTime: at(-60), modifiedDateTime: at(-3) }, // emitted by the previous poll
						{ id: 'b', createdDateTime: at(-2), modifiedDateTime: at(-2) },
						{ id: 'c', isDeleted: true, deletedDateTime: at(-1), modifiedDateTime: at(-1) },
					],
					hasMore: true,
				},
				{
					records: [
						{ id: 'c', isDeleted: true, deletedDateTime: at(-1), modifiedDateTime: at(-1) }, // repeated across pages
						{ id: 'a', createdDateTime: at(-60), modifiedDateTime: at(-1) }, // a new version
						{ id: 'd', createdDateTime: at(-600), modifiedDateTime: at(-1) },
					],
					hasMore: false,
				},
			),
			startedAt: T0,
			outOfTime: () => false,
		});
		expect(collected.complete).toBe(true);
		expect(collected.repeats).toBe(2);
		expect(collected.changes.map((c) => c.json)).toEqual([
			{ event: 'created', id: 'b', createdDateTime: at(-2), modifiedDateTime: at(-2) },
			{ event: 'deleted', id: 'c', deletedDateTime: at(-1), modifiedDateTime: at(-1) },
			{ event: 'changed', id: 'a', createdDateTime: at(-60), modifiedDateTime: at(-1) },
			{ event: 'changed', id: 'd', createdDateTime: at(-600), modifiedDateTime: at(-1) },
		]);
	});

	it('commits the start minus the overlap and keeps only what the next window can return', async () => {
		const seen = new SeenSet({ old: ['1', T0 - 30 * MIN], recent: ['2', T0 - 5 * MIN] });
		const collected = { changes: [], complete: true, pages: 1, records: 0, repeats: 0 };
		const { state, forgotten } = nextState({
			stream: 's',
			origin: 0,
			previousFrom: T0 - 20 * MIN,
			startedAt: T0,
			overlapMs: 10 * MIN,
			collected,
			seen,
			cap: 100,
		});
		expect(state).toEqual({
			v: 1,
			stream: 's',
			from: new Date(T0 - 10 * MIN).toISOString(),
			origin: new Date(0).toISOString(),
			seen: { recent: ['2', T0 - 5 * MIN] },
		});
		expect(forgotten).toEqual({ expired: 1, overCap: 0 });
	});

	it('the overlap never reaches back before where the stream started', () => {
		const collected = { changes: [], complete: true, pages: 1, records: 0, repeats: 0 };
		const { state } = nextState({
			stream: 's',
			origin: T0 - 2 * MIN,
			previousFrom: T0 - 2 * MIN,
			startedAt: T0,
			overlapMs: 10 * MIN,
			collected,
			seen: new SeenSet({}),
			cap: 100,
		});
		expect(state.from).toBe(at(-2));
	});

	it("the window never moves backwards when n8n's clock steps back", () => {
		const collected = { changes: [], complete: true, pages: 1, records: 0, repeats: 0 };
		const { state } = nextState({
			stream: 's',
			origin: 0,
			previousFrom: T0,
			startedAt: T0 + 5 * MIN,
			overlapMs: 10 * MIN,
			collected,
			seen: new SeenSet({}),
			cap: 100,
		});
		expect(state.from).toBe(at(0));
	});

	it('above the cap forgets the oldest entries (never skips a change)', () => {
		const seen = new SeenSet({});
		for (let i = 0; i < 10; i++) seen.remember(`k${i}`, 'v', T0 + i);
		expect(seen.prune(T0, 4)).toEqual({ expired: 0, overCap: 6 });
		expect(Object.keys(seen.toJSON())).toEqual(['k6', 'k7', 'k8', 'k9']);
	});

	it('a run cut short by the time budget advances an ordered stream to the last time read in full, an unordered one not at all', async () => {
		const page1: Page = {
			records: [
				{ id: 'x', modifiedDateTime: at(-8) },
				{ id: 'y', modifiedDateTime: at(-6) },
			],
			hasMore: true,
		};
		const page2: Page = { records: [{ id: 'z', modifiedDateTime: at(-4) }], hasMore: false };
		const seen = new SeenSet({});
		const collected = await collectChanges({
			window: { since: T0 - 10 * MIN },
			seen,
			kind: trStream(seen, 0),
			pages: pagesOf(page1, page2),
			startedAt: T0,
			outOfTime: () => true,
		});
		expect(collected).toMatchObject({ complete: false, readUpTo: T0 - 6 * MIN, pages: 1 });
		const { state } = nextState({
			stream: 's',
			origin: 0,
			previousFrom: T0 - 10 * MIN,
			startedAt: T0,
			overlapMs: MIN,
			collected,
			seen,
			cap: 100,
		});
		expect(state.from).toBe(new Date(T0 - 6 * MIN + 1).toISOString());
		// Near the poll's start the overlap still applies.
		expect(
			nextState({
				stream: 's',
				origin: 0,
				previousFrom: T0 - 10 * MIN,
				startedAt: T0,
				overlapMs: 8 * MIN,
				collected,
				seen,
				cap: 100,
			}).state.from,
		).toBe(at(-8));

		const imageSeen = new SeenSet({});
		const images = await collectChanges({
			window: { since: T0 - 10 * MIN },
			seen: imageSeen,
			kind: imageStream(),
			pages: pagesOf({
				records: [{ id: 'f', collectionRef: 'feed', idRef: 'p1', parentModifiedDateTime: at(-8) }],
				hasMore: true,
			}),
			startedAt: T0,
			outOfTime: () => true,
		});
		expect(images.readUpTo).toBeUndefined();
		expect(
			nextState({
				stream: 'i',
				origin: 0,
				previousFrom: T0 - 10 * MIN,
				startedAt: T0,
				overlapMs: MIN,
				collected: images,
				seen: imageSeen,
				cap: 100,
			}).state.from,
		).toBe(at(-10));
	});

	it('image rows are one change per (id, collectionRef, idRef), whatever their parent does later', async () => {
		const seen = new SeenSet({});
		const row = (idRef: string, modified: number) => ({
			id: 'file1',
			collectionRef: 'feedPosts',
			idRef,
			parentModifiedDateTime: at(modified),
		});
		const first = await collectChanges({
			window: { since: 0 },
			seen,
			kind: imageStream(),
			pages: pagesOf({ records: [row('p1', -5), row('p2', -5)], hasMore: false }),
			startedAt: T0,
			outOfTime: () => false,
		});
		const second = await collectChanges({
			window: { since: 0 },
			seen,
			kind: imageStream(),
			pages: pagesOf({ records: [row('p1', -1), row('p3', -1)], hasMore: false }),
			startedAt: T0,
			outOfTime: () => false,
		});
		expect(first.changes.map((c) => c.json.idRef)).toEqual(['p1', 'p2']);
		expect(second.changes.map((c) => [c.json.idRef, c.json.event])).toEqual([['p3', 'added']]);
		// Remembered for long after the window moved on: a parent edited days later does not re-emit its rows.
		const { state } = nextState({
			stream: 'i',
			origin: 0,
			previousFrom: 0,
			startedAt: T0 + 5 * 24 * 60 * MIN,
			overlapMs: 10 * MIN,
			collected: second,
			seen,
			cap: 100,
			memoryMs: imageStream().memoryMs,
		});
		const later = new SeenSet(state.seen);
		const third = await collectChanges({
			window: { since: 0 },
			seen: later,
			kind: imageStream(),
			pages: pagesOf({ records: [row('p1', 7200)], hasMore: false }),
			startedAt: T0,
			outOfTime: () => false,
		});
		expect(third.changes).toEqual([]);
	});

	it('hashes content regardless of key order', () => {
		expect(stableHash({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(
			stableHash({ b: [1, { d: 3, c: 2 }], a: 1 }),
		);
		expect(stableHash({ a: 1 })).not.toBe(stableHash({ a: 2 }));
	});
});
