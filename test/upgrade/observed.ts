import type { INodeExecutionData } from 'n8n-workflow';

/*
 * How a saved workflow's run is compared with what it did when saved, wherever it runs (n8n-core's
 * engine in test/upgrade, a real n8n in test/e2e): the API requests the service received and the
 * items that came out, with the ids the service made up as tokens.
 */
/** What a run did: the requests the service received and the items that came out (ids as tokens). */
export interface Observed {
	requests: Array<{ method: string; path: string; query: string; status?: number; body?: unknown }>;
	items: Array<{ json: unknown; binary?: Record<string, unknown> }>;
	error?: string;
}

/** A request as the emulator logs it (in process or over its control surface). */
interface LoggedApiRequest {
	api: string;
	method: string;
	path: string;
	search: string;
	status?: number;
	body?: unknown;
}

/** API requests as a fixture keeps them (token requests are the credential's business). */
export function fixtureRequests(log: LoggedApiRequest[]): Observed['requests'] {
	return log
		.filter((r) => r.api === 'integration' || r.api === 'extraction')
		.map((r) => ({
			method: r.method,
			path: r.path,
			query: r.search,
			status: r.status,
			...(r.body !== undefined ? { body: r.body } : {}),
		}));
}

/** Items as a fixture keeps them: JSON, and of binary data what it is (not its bytes). */
export function itemsOf(items: INodeExecutionData[]): Observed['items'] {
	return items.map((i) => ({
		json: i.json,
		...(i.binary
			? {
					binary: Object.fromEntries(
						Object.entries(i.binary).map(([k, b]) => [
							k,
							{
								fileName: b.fileName,
								mimeType: b.mimeType,
								// In memory mode the bytes are in the item; their count is what matters.
								bytes: b.bytes ?? (b.id ? undefined : Buffer.byteLength(b.data, 'base64')),
							},
						]),
					),
				}
			: {}),
	}));
}

/**
 * What a run did, as comparable with what it did then: the tokens of `expected` are bound to this
 * run's ids place by place first, then this run's ids become tokens.
 */
export function observe(ids: Ids, expected: Observed | undefined, raw: Observed): Observed {
	if (expected) ids.learn(expected, raw);
	return ids.tokenize(raw);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TOKEN = /<id:(\d+)>/g;
/** The emulator listens on a port of its own each run. */
const SERVICE = /http:\/\/127\.0\.0\.1:\d+/g;

/**
 * GUIDs the service made up differ per run; they are kept as `<id:N>` in order of first sight
 * (seeded ids too, which keeps the order the same on every run), and put back for a replay; the
 * service's address (a new port per run) is kept as `<service>`.
 */
export class Ids {
	private readonly tokens = new Map<string, string>();
	private readonly values = new Map<string, string>();
	private next = 1;

	tokenize<T>(value: T): T {
		return this.map(value, (s) =>
			s.replace(SERVICE, '<service>').replace(UUID, (id) => {
				const key = id.toLowerCase();
				let token = this.tokens.get(key);
				if (!token) {
					token = `<id:${this.next++}>`;
					while (this.values.has(token)) token = `<id:${this.next++}>`;
					this.bind(token, id);
				}
				return token;
			}),
		);
	}

	restore<T>(value: T): T {
		return this.map(value, (s) =>
			s.replace(TOKEN, (token) => {
				const id = this.values.get(token);
				if (!id) throw new Error(`${token} was not seen in an earlier answer of the service`);
				return id;
			}),
		);
	}

	/**
	 * Binds the tokens of what a run did then to the ids of what it does now, place by place, so
	 * that one workflow answering differently does not renumber the ids of every later one.
	 */
	learn(expected: unknown, actual: unknown): void {
		if (typeof expected === 'string' && typeof actual === 'string') {
			const parts = expected.split(/(<id:\d+>|<service>)/);
			if (parts.length === 1) return;
			const tokens: string[] = [];
			const pattern = parts
				.map((part) => {
					if (part === '<service>') return 'http://127\\.0\\.0\\.1:\\d+';
					if (/^<id:\d+>$/.test(part)) {
						tokens.push(part);
						return `(${UUID.source})`;
					}
					return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
				})
				.join('');
			const m = new RegExp(`^${pattern}$`, 'i').exec(actual);
			if (!m) return;
			tokens.forEach((token, i) => {
				if (!this.values.has(token) && !this.tokens.has(m[i + 1].toLowerCase()))
					this.bind(token, m[i + 1]);
			});
		} else if (Array.isArray(expected) && Array.isArray(actual)) {
			expected.forEach((e, i) => this.learn(e, actual[i]));
		} else if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
			for (const [k, e] of Object.entries(expected))
				this.learn(e, (actual as Record<string, unknown>)[k]);
		}
	}

	private bind(token: string, id: string) {
		this.tokens.set(id.toLowerCase(), token);
		this.values.set(token, id);
	}

	private map<T>(value: T, f: (s: string) => string): T {
		if (typeof value === 'string') return f(value) as T;
		if (Array.isArray(value)) return value.map((v: unknown) => this.map(v, f)) as T;
		if (value && typeof value === 'object')
			return Object.fromEntries(Object.entries(value).map(([k, v]) => [f(k), this.map(v, f)])) as T;
		return value;
	}
}
