import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { fetch } from 'undici';

import { freePort, REPO_ROOT, waitFor } from './runtime';

/**
 * A private npm registry on loopback (Verdaccio, a dev dependency), storage in a temporary folder,
 * no uplinks: it serves only what the test publishes to it. Publishing goes through `npm publish`
 * as the release workflow does, minus provenance (which needs a CI provider).
 */
export class LocalRegistry {
	private child?: ChildProcess;
	private token = '';
	private output = '';
	port = 0;

	/** `folder`: storage, config and .npmrc (a fresh temporary folder by default; deleted by stop()). */
	constructor(readonly folder = mkdtempSync(join(tmpdir(), 'wf-registry-'))) {
		mkdirSync(folder, { recursive: true });
	}

	get url(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/**
	 * Writes Verdaccio's config for `port` and returns how to run it, for a caller that starts the
	 * process itself (the queue stack runs it as a service of its own); then call ready().
	 */
	command(port: number): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
		this.port = port;
		const storage = join(this.folder, 'storage');
		mkdirSync(storage, { recursive: true });
		const config = join(this.folder, 'config.yaml');
		writeFileSync(
			config,
			[
				`storage: ${storage}`,
				'auth:',
				'  htpasswd:',
				`    file: ${join(this.folder, 'htpasswd')}`,
				'    max_users: 10',
				// No uplinks: a package name the test did not publish is a 404, never a call outside.
				'packages:',
				"  '**':",
				'    access: $all',
				'    publish: $authenticated',
				'    unpublish: $authenticated',
				'log: { type: stdout, format: pretty, level: warn }',
				'web: { enable: false }',
				'',
			].join('\n'),
		);
		return {
			command: process.execPath,
			args: [
				join(REPO_ROOT, 'test', 'e2e', 'registry', 'node_modules', 'verdaccio', 'bin', 'verdaccio'),
				'--config',
				config,
				'--listen',
				`127.0.0.1:${port}`,
			],
			env: { PATH: process.env.PATH, HOME: this.folder },
		};
	}

	/** Starts Verdaccio (1-3 s) and signs up a publishing user; `logFile` receives its log. */
	async start(logFile?: string): Promise<void> {
		const { command, args, env } = this.command(await freePort());
		const log = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
		const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
		this.child = child;
		const collect = (d: Buffer) => {
			this.output = (this.output + d.toString()).slice(-10_000);
			log?.write(d);
		};
		child.stdout?.on('data', collect);
		child.stderr?.on('data', collect);
		await this.ready(() =>
			child.exitCode !== null ? `exited with ${child.exitCode}:\n${this.output}` : undefined,
		);
	}

	/** Waits until Verdaccio answers, then signs up the publishing user. `isDead`: why it cannot come up. */
	async ready(isDead: () => string | undefined): Promise<void> {
		await waitFor(
			`Verdaccio on port ${this.port}`,
			async () => (await fetch(`${this.url}/-/ping`)).ok,
			60_000,
			isDead,
		);
		const res = await fetch(`${this.url}/-/user/org.couchdb.user:publisher`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'publisher', password: 'publisher-passw0rd' }),
		});
		const body = (await res.json()) as { token?: string };
		if (!res.ok || !body.token)
			throw new Error(`Verdaccio refused the publishing user: HTTP ${res.status}`);
		this.token = body.token;
		writeFileSync(
			join(this.folder, '.npmrc'),
			`//127.0.0.1:${this.port}/:_authToken=${this.token}\n`,
		);
	}

	/**
	 * `npm publish <tarball>` to this registry, as the release workflow publishes (provenance off).
	 * Run from the registry's folder with its own .npmrc, so no project or user setting takes part.
	 */
	publish(tarball: string): void {
		execFileSync(
			'npm',
			[
				'publish',
				tarball,
				'--registry',
				this.url,
				'--provenance=false',
				'--userconfig',
				join(this.folder, '.npmrc'),
				'--loglevel=error',
			],
			{
				cwd: this.folder,
				stdio: ['ignore', 'pipe', 'pipe'],
				env: { ...process.env, npm_config_cache: join(this.folder, 'npm-cache') },
			},
		);
	}

	/** The versions the registry holds for a package, and its `latest` tag. */
	async versions(name: string): Promise<{ versions: string[]; latest?: string }> {
		const res = await fetch(`${this.url}/${name.replace('/', '%2f')}`);
		if (res.status === 404) return { versions: [] };
		const doc = (await res.json()) as {
			versions: Record<string, unknown>;
			'dist-tags': Record<string, string>;
		};
		return { versions: Object.keys(doc.versions), latest: doc['dist-tags'].latest };
	}

	/** Stops Verdaccio and deletes its storage. */
	async stop(): Promise<void> {
		const child = this.child;
		this.child = undefined;
		if (child && child.exitCode === null) {
			const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
			child.kill('SIGTERM');
			const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
			await exited;
			clearTimeout(timer);
		}
		rmSync(this.folder, { recursive: true, force: true });
	}
}

/**
 * The same build under another version (`0.1.0` -> `0.1.1-e2e.<n>`): the packed tarball unpacked,
 * its package.json's version changed, packed again. What a release with unchanged code looks like
 * to n8n's Update button.
 */
export function repackWithVersion(tarball: string, version: string, destination: string): string {
	const work = mkdtempSync(join(tmpdir(), 'wf-repack-'));
	try {
		execFileSync('tar', ['-xzf', tarball, '-C', work]);
		const manifest = join(work, 'package', 'package.json');
		execFileSync(process.execPath, [
			'-e',
			`const f=process.argv[1];const p=JSON.parse(require('fs').readFileSync(f,'utf8'));p.version=process.argv[2];require('fs').writeFileSync(f,JSON.stringify(p,null,2));`,
			manifest,
			version,
		]);
		const out = execFileSync(
			'npm',
			[
				'pack',
				join(work, 'package'),
				'--json',
				'--pack-destination',
				destination,
				'--loglevel=error',
			],
			{
				cwd: work,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'pipe'],
				env: { ...process.env, npm_config_ignore_scripts: 'true' },
			},
		);
		const [packed] = JSON.parse(out) as Array<{ filename: string }>;
		return join(destination, packed.filename);
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}
