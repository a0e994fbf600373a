/*
 * The reference of the trigger backfill benchmarks (bench/scenarios/triggerBackfill.ts,
 * bench/queueBackfill.ts): a plain incremental read of the window the trigger covered, from
 * 2000-01-01 up to `before` (the start of its last poll). Every id in it must have been emitted once.
 */
import { request } from 'undici';

import type { Target } from './measure';
import { fetchToken } from './scenarios/token';

/** Start From of the backfill: before every generated record. */
export const BACKFILL_START = '2000-01-01T00:00:00Z';

export async function backfillReference(target: Target, before: string): Promise<Set<string>> {
	const token = await fetchToken(target);
	const ids = new Set<string>();
	let continuation = '';
	do {
		const qs = new URLSearchParams({
			ModifiedSince: BACKFILL_START,
			ModifiedBefore: before,
			ChunkLimit: '10000',
			...(continuation ? { ContinuationToken: continuation } : {}),
		});
		const answer = await request(`${target.extraction}/v1/time-registrations?${qs.toString()}`, {
			headers: { authorization: `Bearer ${token}` },
		});
		const page = (await answer.body.json()) as {
			data: Array<{ id: string; isDeleted?: boolean }>;
			continuationToken?: string;
		};
		for (const record of page.data) if (!record.isDeleted) ids.add(record.id);
		continuation = page.continuationToken ?? '';
	} while (continuation);
	return ids;
}

/** Emitted ids (with how often each was emitted) against the reference: what is missing, emitted twice, or not in it. */
export function compareWithReference(
	emitted: Map<string, number>,
	expected: Set<string>,
): { lost: number; duplicated: number; unexpected: number } {
	return {
		lost: [...expected].filter((id) => !emitted.has(id)).length,
		duplicated: [...emitted.values()].reduce((n, count) => n + count - 1, 0),
		unexpected: [...emitted.keys()].filter((id) => !expected.has(id)).length,
	};
}
