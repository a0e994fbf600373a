import { spawn, type ChildProcess } from 'node:child_process';

import { fetch } from 'undici';

import { n8nEnv, type N8nInstance } from './n8nEnv';
import { waitFor, type N8nRuntime } from './runtime';
import type { MemoryHold } from './memoryHold';

export interface Owner {
	email: string;
	firstName: string;
	lastName: string;
	password: string;
}

/**
 * `n8n start` on loopback, driven through its internal REST API the way the editor does
 * (cookie session plus the `browser-id` header the session is bound to).
 */
export class N8nServer {
	private child?: ChildProcess;
	private cookie = '';
	private output = '';
	private readonly browserId = `wf-e2e-${process.pid}`;
	/** Settings for this n8n process only, over the quiet defaults (the registry proxy's, say). */
	extraEnv: NodeJS.ProcessEnv = {};
	/** The memory this n8n is held to (a small instance), if any: memoryHold.ts. */
	hold?: MemoryHold;

	constructor(
		private readonly runtime: N8nRuntime,
		readonly instance: N8nInstance,
		private readonly logTo?: NodeJS.WritableStream,
		/** In its own process group: a Ctrl+C in the terminal then reaches only our process, which stops n8n once. */
		private readonly detached = false,
	) {}

	get url(): string {
		return `http://localhost:${this.instance.port}`;
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	/**
	 * Starts n8n and waits for /healthz/readiness and its REST routes (8-12 s on a 2-core machine,
	 * more when busy). n8n 1.x answers ready before it registers the REST controllers (POST
	 * /rest/login: 404 for a moment), so a route is probed too: any answer but 404 means it is there.
	 * The limit is for a hang, not a speed check: n8n exiting ends the wait at once, and a busy
	 * machine (load 20 on 2 cores, CPU burners) took over 120 s to get n8n ready.
	 */
	async start(timeoutMs = 300_000): Promise<void> {
		const start = [this.runtime.bin, 'start'];
		const { command, args } = this.hold?.wrap(this.runtime.node, start) ?? {
			command: this.runtime.node,
			args: start,
		};
		const child = spawn(command, args, {
			env: {
				...n8nEnv(this.instance, process.env, this.runtime),
				...this.hold?.env,
				...this.extraEnv,
			},
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: this.detached,
		});
		this.child = child;
		const collect = (d: Buffer) => {
			this.output = (this.output + d.toString()).slice(-20_000);
			this.logTo?.write(d);
		};
		child.stdout?.on('data', collect);
		child.stderr?.on('data', collect);
		await waitFor(
			`n8n on port ${this.instance.port}`,
			async () =>
				(await fetch(`http://127.0.0.1:${this.instance.port}/healthz/readiness`)).ok &&
				(
					await fetch(`http://127.0.0.1:${this.instance.port}/rest/login`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: '{}',
					})
				).status !== 404,
			timeoutMs,
			() =>
				gone(child)
					? `exited with ${child.exitCode ?? child.signalCode}:\n${this.output}`
					: undefined,
		);
	}

	/** Stops n8n (SIGTERM, then SIGKILL if it has not exited within the timeout). */
	async stop(timeoutMs = 20_000): Promise<void> {
		const child = this.child;
		this.child = undefined;
		if (!child || gone(child)) return;
		const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
		child.kill('SIGTERM');
		const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
		await exited;
		clearTimeout(timer);
	}

	/** Last resort when our process exits without stopping n8n properly. */
	killNow() {
		const child = this.child;
		if (!child?.pid || gone(child)) return;
		try {
			if (this.detached) process.kill(-child.pid, 'SIGKILL');
			else child.kill('SIGKILL');
		} catch {
			// already gone
		}
	}

	/** How n8n ended, once it has (an OOM kill: the signal), else undefined. */
	get down(): string | undefined {
		const child = this.child;
		return child && gone(child)
			? `n8n went down (${child.exitCode !== null ? `exit ${child.exitCode}` : child.signalCode})`
			: undefined;
	}

	/** Resolves when n8n exits by itself (a crash, a port taken). */
	exited(): Promise<number | null> {
		const child = this.child;
		if (!child) return Promise.resolve(null);
		if (gone(child)) return Promise.resolve(child.exitCode);
		return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
	}

	/** What n8n printed (the last 20 kB), for failure messages. */
	get log(): string {
		return this.output;
	}

	/** Creates the instance owner (only possible once per user folder); the session cookie is kept. */
	async setupOwner(owner: Owner): Promise<void> {
		await this.rest('POST', '/rest/owner/setup', owner);
	}

	async login(email: string, password: string): Promise<void> {
		await this.rest('POST', '/rest/login', { emailOrLdapLoginId: email, password });
	}

	/** Creates a credential as the logged-in user (as the editor's Save does); answers its new id. */
	async createCredential(credential: {
		name: string;
		type: string;
		data: Record<string, unknown>;
	}): Promise<string> {
		const created = await this.rest<{ id: string }>('POST', '/rest/credentials', credential);
		return created.id;
	}

	/** Creates a workflow as the logged-in user (its `id`, when given, is kept). */
	async createWorkflow(workflow: Record<string, unknown>): Promise<string> {
		// n8n 1.x and early 2.x store `active` with the workflow and require it.
		const body = { active: false, ...workflow };
		const created = await this.rest<{ id: string }>('POST', '/rest/workflows', body);
		return created.id;
	}

	/** Activates a workflow as the editor's toggle does (n8n 2.x: POST .../activate; 1.x: PATCH active). */
	async activateWorkflow(workflowId: string): Promise<void> {
		const { versionId } = await this.rest<{ versionId: string }>(
			'GET',
			`/rest/workflows/${workflowId}`,
		);
		if (this.major < 2)
			await this.rest('PATCH', `/rest/workflows/${workflowId}`, { active: true, versionId });
		else await this.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId });
	}

	async deactivateWorkflow(workflowId: string): Promise<void> {
		if (this.major < 2) {
			const { versionId } = await this.rest<{ versionId: string }>(
				'GET',
				`/rest/workflows/${workflowId}`,
			);
			await this.rest('PATCH', `/rest/workflows/${workflowId}`, { active: false, versionId });
		} else await this.rest('POST', `/rest/workflows/${workflowId}/deactivate`, {});
	}

	private get major(): number {
		return Number(this.runtime.version.split('.')[0]);
	}

	/**
	 * A JSON document the editor loads as the logged-in user, as it is (no `{ data }` envelope):
	 * `/types/nodes.json`. n8n 1.x rewrites these files through a stream after an install, so a GET
	 * can get one half-written: one that does not parse is fetched again (for up to 30 s).
	 */
	async getJson<T = unknown>(path: string): Promise<T> {
		const deadline = Date.now() + 30_000;
		for (;;) {
			const res = await fetch(`http://127.0.0.1:${this.instance.port}${path}`, {
				headers: { 'browser-id': this.browserId, ...(this.cookie ? { cookie: this.cookie } : {}) },
			});
			const text = await res.text();
			if (!res.ok) throw new Error(`n8n GET ${path}: HTTP ${res.status} ${text.slice(0, 500)}`);
			try {
				return JSON.parse(text) as T;
			} catch (error) {
				if (Date.now() > deadline)
					throw new Error(`n8n GET ${path}: not JSON after 30 s (${(error as Error).message})`);
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
		}
	}

	/** Raw bytes the editor downloads as the logged-in user: a stored binary, `/rest/binary-data?id=…`. */
	async getBytes(path: string): Promise<Buffer> {
		const res = await this.send('GET', path);
		if (!res.ok)
			throw new Error(`n8n GET ${path}: HTTP ${res.status} ${(await res.text()).slice(0, 500)}`);
		return Buffer.from(await res.arrayBuffer());
	}

	/** An internal REST call as the logged-in user; answers `data` of n8n's `{ data }` envelope. */
	async rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const res = await this.send(method, path, body);
		const setCookie = res.headers.getSetCookie?.() ?? [];
		const auth = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth;
		const text = await res.text();
		if (!res.ok) throw new Error(`n8n ${method} ${path}: HTTP ${res.status} ${text.slice(0, 500)}`);
		const parsed = text ? (JSON.parse(text) as { data?: T }) : {};
		return parsed.data as T;
	}

	private async send(method: string, path: string, body?: unknown) {
		return await fetch(`http://127.0.0.1:${this.instance.port}${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': this.browserId,
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	}
}

/** Whether the process has ended: with an exit code, or killed by a signal (an OOM kill: no code). */
function gone(child: ChildProcess): boolean {
	return child.exitCode !== null || child.signalCode !== null;
}
