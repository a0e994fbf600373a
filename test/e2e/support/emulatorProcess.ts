import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { fetch } from 'undici';

import type { ActiveRule, FaultRule } from '../../emulator/control/faults';
import type { LoggedRequest } from '../../emulator/control/requestLog';
import type {
	ConcurrencyCounters,
	LatencyInput,
	LatencySettings,
} from '../../emulator/core/latency';
import { DEMO } from '../../emulator/seed/demo';
import { REPO_ROOT, waitFor } from './runtime';

export interface EmulatorUrls {
	origin: string;
	identity: string;
	integration: string;
	extraction: string;
	control: string;
}

export function emulatorUrls(port: number): EmulatorUrls {
	const origin = `http://127.0.0.1:${port}`;
	return {
		origin,
		identity: `${origin}/identity`,
		integration: `${origin}/core`,
		extraction: `${origin}/reporting`,
		control: `${origin}/__control`,
	};
}

/** Enough generated time registrations for Return All over many pages. */
export const E2E_TIME_REGISTRATIONS = 3000;

/**
 * Starts the compiled emulator (`node .build/test/emulator/main.js`, built by
 * `bash scripts/build-dev.sh`) with its demo data, as a child process on the given port. `env`:
 * the emulator's own settings over the suite's (WORKFORCE_EMULATOR_CLOCK, _TIME_REGISTRATIONS).
 */
export async function startEmulatorProcess(
	node: string,
	port: number,
	logTo?: NodeJS.WritableStream,
	env: Record<string, string> = {},
): Promise<ChildProcess> {
	const main = join(REPO_ROOT, '.build', 'test', 'emulator', 'main.js');
	if (!existsSync(main))
		throw new Error(`${main} is missing: run \`bash scripts/build-dev.sh\` first.`);
	const child = spawn(node, [main], {
		// WORKFORCE_EMULATOR_LATENCY (e.g. `internet`) passes through: off unless set (core/latency.ts).
		env: {
			...process.env,
			WORKFORCE_EMULATOR_PORT: String(port),
			WORKFORCE_EMULATOR_TIME_REGISTRATIONS: String(E2E_TIME_REGISTRATIONS),
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout?.on('data', (d: Buffer) => {
		output += d.toString();
		logTo?.write(d);
	});
	child.stderr?.on('data', (d: Buffer) => {
		output += d.toString();
		logTo?.write(d);
	});
	await waitFor(
		`Emulator on port ${port}`,
		async () => (await fetch(`${emulatorUrls(port).control}/info`)).ok,
		15_000,
		() => (child.exitCode !== null ? `exited with ${child.exitCode}: ${output}` : undefined),
	);
	return child;
}

/** The emulator's control surface over HTTP: its request log, faults and clients. */
export class EmulatorControl {
	private markSeq = 0;

	constructor(
		private readonly controlUrl: string,
		private readonly urls: EmulatorUrls = emulatorUrls(Number(new URL(controlUrl).port)),
	) {}

	/** The service's own answer to a GET on the integration API, as the demo admin client sees it (to compare node output with). */
	async serviceGet(path: string, client = DEMO.clients.admin): Promise<unknown> {
		const form = new URLSearchParams({
			grant_type: 'client_credentials',
			client_id: client.clientId,
			client_secret: client.clientSecret,
			scope: DEMO.scopes.integration,
		});
		const tokenRes = await fetch(`${this.urls.identity}/connect/token`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: form.toString(),
		});
		const { access_token: token } = (await tokenRes.json()) as { access_token: string };
		const res = await fetch(`${this.urls.integration}${path}`, {
			headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
		});
		if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
		return await res.json();
	}

	/** The service's own answer to a GET on the data extraction API (all records in one page of up to 10000), as the demo admin client sees it. */
	async extractionGet(pathAndQuery: string, client = DEMO.clients.admin): Promise<unknown> {
		const form = new URLSearchParams({
			grant_type: 'client_credentials',
			client_id: client.clientId,
			client_secret: client.clientSecret,
			scope: DEMO.scopes.extraction,
		});
		const tokenRes = await fetch(`${this.urls.identity}/connect/token`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: form.toString(),
		});
		const { access_token: token } = (await tokenRes.json()) as { access_token: string };
		const res = await fetch(`${this.urls.extraction}${pathAndQuery}`, {
			headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
		});
		if (!res.ok) throw new Error(`GET ${pathAndQuery}: HTTP ${res.status}`);
		return await res.json();
	}

	/**
	 * The service's time registrations (one page of up to 10000) modified before `modifiedBefore`
	 * (ms): what an incremental copy whose window ended then must hold.
	 */
	async timeRegistrationsBefore(modifiedBefore: number): Promise<Array<Record<string, unknown>>> {
		const page = (await this.extractionGet('/v1/time-registrations?ChunkLimit=10000')) as
			| { data?: Array<Record<string, unknown>> }
			| Array<Record<string, unknown>>;
		return (Array.isArray(page) ? page : (page.data ?? [])).filter(
			(r) => Date.parse(String(r.modifiedDateTime)) < modifiedBefore,
		);
	}

	/** Every request since the last mark (token requests included). */
	async requests(filter?: (r: LoggedRequest) => boolean): Promise<LoggedRequest[]> {
		const res = await fetch(`${this.controlUrl}/requests?since=${this.markSeq}`);
		const all = (await res.json()) as LoggedRequest[];
		return filter ? all.filter(filter) : all;
	}

	/** Integration and extraction API requests since the last mark. */
	async apiRequests(): Promise<LoggedRequest[]> {
		return await this.requests((r) => r.api === 'integration' || r.api === 'extraction');
	}

	async tokenRequests(): Promise<LoggedRequest[]> {
		return await this.requests((r) => r.api === 'identity');
	}

	/** Later `requests()` calls return only what arrives after now. */
	async mark(): Promise<void> {
		const all = await this.requests();
		if (all.length) this.markSeq = all[all.length - 1].seq;
	}

	/** Removes every fault rule not used up yet (so a failed case leaves none behind for the next). */
	async clearFaults(): Promise<void> {
		const res = await fetch(`${this.controlUrl}/faults`, { method: 'DELETE' });
		if (!res.ok) throw new Error(`DELETE /faults: HTTP ${res.status}`);
	}

	/** The fault rules in force, with how often each has hit (`count: 'unlimited'` rules stay until removed). */
	async faultRules(): Promise<ActiveRule[]> {
		const res = await fetch(`${this.controlUrl}/faults`);
		if (!res.ok) throw new Error(`GET /faults: HTTP ${res.status}`);
		return (await res.json()) as ActiveRule[];
	}

	/** Adds a fault rule; answers its id (for `removeFault`). */
	async addFault(rule: FaultRule): Promise<number> {
		return ((await this.post('/faults', rule)) as { id: number }).id;
	}

	/** Removes one fault rule: the service is mended while the rest stay. */
	async removeFault(id: number): Promise<void> {
		const res = await fetch(`${this.controlUrl}/faults/${id}`, { method: 'DELETE' });
		if (!res.ok) throw new Error(`DELETE /faults/${id}: HTTP ${res.status}`);
	}

	/** Sets the latency model (`{ preset: 'internet' }`, or fields; test/emulator/core/latency.ts). */
	async setLatency(settings: LatencyInput): Promise<LatencySettings> {
		return (await this.post('/latency', settings)) as LatencySettings;
	}

	/** Requests in flight now and the most at once since the last reset; `reset` starts them again. */
	async concurrency(reset = false): Promise<ConcurrencyCounters> {
		const res = await fetch(`${this.controlUrl}/concurrency`);
		const counters = (await res.json()) as ConcurrencyCounters;
		if (reset) await fetch(`${this.controlUrl}/concurrency`, { method: 'DELETE' });
		return counters;
	}

	async post(path: string, body: unknown): Promise<unknown> {
		const res = await fetch(`${this.controlUrl}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status}`);
		return res.status === 204 ? undefined : await res.json();
	}
}
