import type { ApiName } from '../core/apis';
import { getQueryAll } from '../core/validate';

export type FaultAction =
	| { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
	| { kind: 'delay'; ms: number }
	| { kind: 'drop' }
	/** Answers normally but loses the connection after this many body bytes (half the body when omitted). */
	| { kind: 'truncate'; bytes?: number }
	/** Answers with this many body bytes (half when omitted), then sends nothing more and keeps the connection open. */
	| { kind: 'stall'; bytes?: number }
	| { kind: 'expireTokens' }
	/**
	 * Sends nothing, not even headers, until released (`release()`, `POST /__control/faults/release`)
	 * or until the client gives up and closes the connection: a timeout that never depends on
	 * how fast the machine is (a `delay` races the client's timer).
	 */
	| { kind: 'hold' }
	/**
	 * 429 Too Many Requests. `retryAfterSeconds` sends Retry-After as seconds, or as an HTTP-date that
	 * many seconds after the emulator's now when `retryAfterAs` is 'date'; omitted, no Retry-After.
	 */
	| { kind: 'rateLimit'; retryAfterSeconds?: number; retryAfterAs?: 'seconds' | 'date' };

/** The faults that answer, but only part of the body. */
export type PartialAnswer = Extract<FaultAction, { kind: 'truncate' | 'stall' }>;

export interface FaultRule {
	/** Which requests it applies to; all when omitted. */
	api?: ApiName;
	method?: string;
	/** A substring of the path below the base, or a regular expression source when it starts with `^`. */
	path?: string;
	/**
	 * Query parameters the request must carry, name -> value: the name is matched without regard
	 * to case (as the service reads names), the URL-decoded value exactly, or as a regular
	 * expression source when it starts with `^`. `{ FromDateTime: '2026-03-02T00:00:00Z' }` picks
	 * one partition of a partitioned extraction.
	 */
	query?: Record<string, string>;
	/** A substring of the URL-decoded query string (without `?`). */
	search?: string;
	/** Let this many matching requests through first. */
	skip?: number;
	/**
	 * How many matching requests it hits (default 1); `'unlimited'` hits every one until the rule
	 * is removed (`remove(id)`, `DELETE /__control/faults/<id>`): a service that fails one
	 * partition for good until someone fixes it.
	 */
	count?: number | 'unlimited';
	action: FaultAction;
}

/** A rule as it stands: what it matches, and how often it has let requests through or hit them. */
export interface ActiveRule extends FaultRule {
	id: number;
	skipped: number;
	hits: number;
}

/** What a request carries that a rule can match. */
export interface FaultTarget {
	api: ApiName;
	method: string;
	path: string;
	/** The raw query string without `?` (still URL-encoded). */
	search?: string;
}

/** Answers chosen requests with a status, a delay, a hold, a dropped, cut-off or stalled connection or expired tokens. */
export class Faults {
	private rules: ActiveRule[] = [];
	private nextId = 1;
	/** Requests held by a `hold` fault, with what lets each go. */
	private readonly held = new Set<() => void>();
	private readonly holdListeners = new Set<() => void>();
	/** How many faults have fired, by kind, for soak reports. */
	readonly fired: Record<string, number> = {};

	add(rule: FaultRule): number {
		const id = this.nextId++;
		this.rules.push({ ...rule, id, skipped: 0, hits: 0 });
		return id;
	}

	clear() {
		this.rules = [];
	}

	/** Removes one rule; answers whether it was still there (a counted rule leaves once spent). */
	remove(id: number): boolean {
		const before = this.rules.length;
		this.rules = this.rules.filter((rule) => rule.id !== id);
		return this.rules.length < before;
	}

	/** The rules still in force, oldest first, with their counts so far. */
	list(): ActiveRule[] {
		return this.rules.map((rule) => ({ ...rule }));
	}

	pending(): number {
		return this.rules.length;
	}

	/** Holds a request until `release()` or until `closed` fires (the client gave up). */
	hold(closed: (done: () => void) => void): Promise<void> {
		return new Promise<void>((resolve) => {
			const done = () => {
				if (!this.held.delete(done)) return;
				this.heldChanged();
				resolve();
			};
			this.held.add(done);
			closed(done);
			this.heldChanged();
		});
	}

	/** How many requests are held right now. */
	holding(): number {
		return this.held.size;
	}

	/** Resolves once exactly `count` requests are held (an event, not a sleep). */
	whenHolding(count = 1): Promise<void> {
		return new Promise<void>((resolve) => {
			const check = () => {
				if (this.held.size !== count) return;
				this.holdListeners.delete(check);
				resolve();
			};
			this.holdListeners.add(check);
			check();
		});
	}

	private heldChanged() {
		for (const listener of [...this.holdListeners]) listener();
	}

	/** Lets every held request go on (it is then answered as usual); answers how many were held. */
	release(): number {
		const waiting = [...this.held];
		for (const done of waiting) done();
		return waiting.length;
	}

	/** The action for this request, consuming one hit of the first matching rule. */
	take({ api, method, path, search = '' }: FaultTarget): FaultAction | undefined {
		const query = new URLSearchParams(search);
		for (const rule of this.rules) {
			if (rule.api && rule.api !== api) continue;
			if (rule.method && rule.method.toUpperCase() !== method) continue;
			if (rule.path && !matchesPath(rule.path, path)) continue;
			if (rule.query && !matchesQuery(rule.query, query)) continue;
			if (rule.search && !decoded(search).includes(rule.search)) continue;
			if (rule.skipped < (rule.skip ?? 0)) {
				rule.skipped++;
				continue;
			}
			rule.hits++;
			const count = rule.count ?? 1;
			if (count !== 'unlimited' && rule.hits >= count)
				this.rules = this.rules.filter((r) => r !== rule);
			const key =
				rule.action.kind === 'status'
					? `status${rule.action.status}`
					: rule.action.kind === 'rateLimit'
						? 'status429'
						: rule.action.kind;
			this.fired[key] = (this.fired[key] ?? 0) + 1;
			return rule.action;
		}
		return undefined;
	}
}

function matchesPath(pattern: string, path: string): boolean {
	return pattern.startsWith('^') ? new RegExp(pattern).test(path) : path.includes(pattern);
}

function matchesQuery(wanted: Record<string, string>, query: URLSearchParams): boolean {
	return Object.entries(wanted).every(([name, pattern]) =>
		getQueryAll(query, name).some((value) =>
			pattern.startsWith('^') ? new RegExp(pattern).test(value) : value === pattern,
		),
	);
}

function decoded(search: string): string {
	try {
		return decodeURIComponent(search.replace(/\+/g, ' '));
	} catch {
		return search;
	}
}
