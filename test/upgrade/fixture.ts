import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { WorkforceTrigger } from '../../nodes/WorkforceTrigger/WorkforceTrigger.node';
import { startEmulator, DEMO, type Emulator, type LoggedRequest } from '../emulator';
import { TestCredentialsHelper } from '../harness/credentialsHelper';
import { CREDENTIAL_ID } from '../harness/execute';
import { stopDateAt } from '../support/fakeDate';

/**
 * The upgrade contract's fixture: workflows saved with one release (node parameters as the
 * editor stores them, the trigger's static data after a few polls) and what they did then. Later
 * releases must run them unchanged (test/upgrade/upgrade.test.ts). Written by writeFixture.ts.
 */
export const FIXTURES = join(__dirname, 'fixtures');

/** One saved workflow: Manual Trigger with pinned items -> one Workforce node. */
export interface NodeFixture {
	resource: string;
	operation: string;
	/** n8n's workflow export shape. */
	workflow: {
		name: string;
		nodes: INode[];
		connections: IDataObject;
		pinData: Record<string, INodeExecutionData[]>;
	};
	expected: Observed;
}

/** The trigger: static data as saved after `history` was polled; `after` changes and one poll. */
export interface TriggerFixture {
	event: string;
	workflow: {
		name: string;
		nodes: INode[];
		connections: IDataObject;
		staticData: IDataObject;
	};
	/** Changes the service saw before the workflow was saved (replayed on a fresh emulator). */
	history: WorkDataChange[];
	/** Changes after the save; the next poll (at `pollAt`) must emit exactly these. */
	after: WorkDataChange[];
	pollAt: string;
	/** The emulator's seed: how many time registrations it starts with. */
	timeRegistrations: number;
	expected: Observed;
}

/** A change to the emulator's time registrations at a moment (ids derive from the index). */
export interface WorkDataChange {
	at: string;
	op: 'add' | 'change' | 'delete';
	/** Registration index, for change and delete. */
	index?: number;
	hours?: number;
}

/** What a run did: the requests the service received and the items that came out (ids as tokens). */
export interface Observed {
	requests: Array<{ method: string; path: string; query: string; status?: number; body?: unknown }>;
	items: Array<{ json: unknown; binary?: Record<string, unknown> }>;
	error?: string;
}

export interface Release {
	release: string;
	/** The instant the fixture was saved: the replay runs with Date (node and service) stopped there. */
	savedAt: string;
	nodes: NodeFixture[];
	triggers: TriggerFixture[];
}

export const WORKFORCE_TYPE = 'n8n-nodes-workforce.workforce';
export const TRIGGER_TYPE = 'n8n-nodes-workforce.workforceTrigger';
export const CREDENTIALS = { workforceApi: { id: CREDENTIAL_ID, name: 'Workforce account' } };

/** Every operation of the Workforce node as `resource.operation`, from its description. */
export function everyOperation(): string[] {
	return new Workforce().description.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) =>
			(p.options as Array<{ value: string }>).map(
				(o) => `${String(p.displayOptions?.show?.resource?.[0])}.${o.value}`,
			),
		);
}

/** Every event of the Workforce Trigger, from its description. */
export function everyTriggerEvent(): string[] {
	const event = new WorkforceTrigger().description.properties.find((p) => p.name === 'event');
	return (event?.options as Array<{ value: string }>).map((o) => o.value);
}

/** Fixture folders by release, oldest first. */
export function releases(): Release[] {
	if (!existsSync(FIXTURES)) return [];
	const byVersion = (a: string, b: string) =>
		a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
	return readdirSync(FIXTURES)
		.sort(byVersion)
		.map((release) => {
			const dir = join(FIXTURES, release);
			const read = <T>(file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
			const meta = read<{ release: string; savedAt: string }>('release.json');
			const list = (sub: string) =>
				readdirSync(join(dir, sub))
					.filter((f) => f.endsWith('.json'))
					.sort()
					.map((f) => join(sub, f));
			return {
				...meta,
				nodes: list('node').map((f) => read<NodeFixture>(f)),
				triggers: list('trigger').map((f) => read<TriggerFixture>(f)),
			};
		});
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

/** Date stopped at one instant for node and service alike; timers stay real (see test/support/fakeDate.ts). */
export function stopDate(at: string) {
	stopDateAt(new Date(at).getTime());
}

export function setDate(at: string) {
	jest.setSystemTime(new Date(at).getTime());
}

/** A fresh seeded emulator and the admin credential pointing at it. */
export async function freshService(
	seed?: Parameters<typeof startEmulator>[0],
): Promise<{ emulator: Emulator; credentials: TestCredentialsHelper; seq: () => number }> {
	const emulator = await startEmulator(seed);
	const credentials = new TestCredentialsHelper();
	credentials.set(CREDENTIAL_ID, {
		clientId: DEMO.clients.admin.clientId,
		clientSecret: DEMO.clients.admin.clientSecret,
		scopes: `${DEMO.scopes.integration} ${DEMO.scopes.extraction}`,
		integrationBaseUrl: emulator.urls.integration,
		extractionBaseUrl: emulator.urls.extraction,
		identityBaseUrl: emulator.urls.identity,
	});
	return { emulator, credentials, seq: () => emulator.ctx.log.lastSeq };
}

/** API requests since `seq`, as a fixture keeps them (token requests are the credential's business). */
export function requestsSince(emulator: Emulator, seq: number): Observed['requests'] {
	return emulator.ctx.log
		.since(seq)
		.filter((r: LoggedRequest) => r.api === 'integration' || r.api === 'extraction')
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

/** Applies a recorded change to the emulator's time registrations at its moment. */
export function applyChange(emulator: Emulator, change: WorkDataChange): string {
	setDate(change.at);
	const data = emulator.ctx.sections.workData.data;
	if (change.op === 'add')
		return data.timeRegistrationId(data.addTimeRegistration({ hours: change.hours }));
	const id = data.timeRegistrationId(change.index as number);
	if (change.op === 'change') data.changeTimeRegistration(id, { hours: change.hours });
	else data.deleteTimeRegistration(id);
	return id;
}
