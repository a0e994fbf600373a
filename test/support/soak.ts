/*
 * What the trigger soak tests (jest) and `npm run soak` (bench/soak.ts) share: a seeded PRNG, so a
 * failing soak can be replayed, and one random fault on an extraction path per round.
 */
import type { FaultRule } from '../emulator';

/** A small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** The faults fired since `before` (a copy of `fired` taken at the start), by kind; kinds that did not fire left out. */
export function firedSince(
	fired: Record<string, number>,
	before: Record<string, number>,
): Record<string, number> {
	return Object.fromEntries(
		Object.keys(fired)
			.map((k) => [k, fired[k] - (before[k] ?? 0)] as const)
			.filter(([, n]) => n > 0),
	);
}

/** Of what a soak's trigger emitted (key -> times): all, the repeats, and the keys no change made. */
export function emittedFigures(
	emitted: Map<string, number>,
	known: { has(key: string): boolean },
): { emitted: number; duplicated: number; unexpected: number } {
	return {
		emitted: [...emitted.values()].reduce((a, n) => a + n, 0),
		duplicated: [...emitted.values()].reduce((a, n) => a + Math.max(0, n - 1), 0),
		unexpected: [...emitted.keys()].filter((k) => !known.has(k)).length,
	};
}

interface FaultTarget {
	add(rule: FaultRule): unknown;
}

/**
 * Adds at most one fault on `path` (after 0 to 2 matching requests): 500 once or twice (10%), a
 * dropped connection (6%), expired tokens (6%), 503 four times (4%), an answer held back until the
 * client's timeout gives up on it (2%), an answer cut off half-way through its body (4%), an answer
 * that stops half-way and goes quiet (2%; the client's timeout must give up on it), a burst of one
 * or two 429s (6%; with Retry-After in seconds, as an HTTP-date, or without it). The slow answer
 * is held rather than delayed by a fixed time, so it times out on a fast and a slow machine alike.
 * The draws are always made in the same order, so a seed replays the same faults.
 */
export function addRandomFault(
	random: () => number,
	faults: FaultTarget,
	path: string,
): string | undefined {
	const fault = random();
	const skip = Math.floor(random() * 3);
	const api = 'extraction' as const;
	if (fault < 0.1) {
		faults.add({
			api,
			path,
			skip,
			count: 1 + Math.floor(random() * 2),
			action: { kind: 'status', status: 500 },
		});
		return 'status500';
	}
	if (fault < 0.16) {
		faults.add({ api, path, skip, action: { kind: 'drop' } });
		return 'drop';
	}
	if (fault < 0.22) {
		faults.add({ api, path, skip, action: { kind: 'expireTokens' } });
		return 'expireTokens';
	}
	if (fault < 0.26) {
		faults.add({ api, path, skip, count: 4, action: { kind: 'status', status: 503 } });
		return 'status503';
	}
	if (fault < 0.28) {
		faults.add({ api, path, skip, action: { kind: 'hold' } });
		return 'hold';
	}
	if (fault < 0.32) {
		faults.add({ api, path, skip, action: { kind: 'truncate' } });
		return 'truncate';
	}
	if (fault < 0.34) {
		faults.add({ api, path, skip, action: { kind: 'stall' } });
		return 'stall';
	}
	if (fault < 0.4) {
		// A 429 burst: Retry-After as seconds, as an HTTP-date (both "now") or absent (back off).
		const form = random();
		const action =
			form < 1 / 3
				? { kind: 'rateLimit' as const, retryAfterSeconds: 0 }
				: form < 2 / 3
					? { kind: 'rateLimit' as const, retryAfterSeconds: 0, retryAfterAs: 'date' as const }
					: { kind: 'rateLimit' as const };
		faults.add({ api, path, skip, count: 1 + Math.floor(random() * 2), action });
		return 'status429';
	}
	return undefined;
}
