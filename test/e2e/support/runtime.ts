import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** The repository root (this file lives in test/e2e/support, compiled or not). */
export const REPO_ROOT = findRoot(__dirname);

function findRoot(from: string): string {
	let dir = from;
	while (
		!existsSync(join(dir, 'package.json')) ||
		!existsSync(join(dir, 'scripts', 'ensure-n8n.sh'))
	) {
		const parent = resolve(dir, '..');
		if (parent === dir) throw new Error(`No repository root above ${from}`);
		dir = parent;
	}
	return dir;
}

export interface N8nRuntime {
	/** Folder holding the cached n8n install (node_modules/n8n inside). */
	dir: string;
	/** Entry point run with Node 24: `node <bin> <command>`. */
	bin: string;
	/** The Node 24 binary n8n runs on. */
	node: string;
	version: string;
}

/**
 * The cached real n8n runtime (installed on first use by scripts/ensure-n8n.sh: several minutes)
 * and the Node 24 that runs it.
 */
export function n8nRuntime(): N8nRuntime {
	const run = (script: string) =>
		execFileSync('bash', [join(REPO_ROOT, 'scripts', script)], {
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'inherit'],
		}).trim();
	const nodeBin = run('ensure-node24.sh');
	const dir = run('ensure-n8n.sh');
	const pkg = JSON.parse(
		readFileSync(join(dir, 'node_modules', 'n8n', 'package.json'), 'utf8'),
	) as { version: string };
	return {
		dir,
		bin: join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		node: join(nodeBin, 'node'),
		version: pkg.version,
	};
}

/** A TCP port that is free now on loopback: the preferred one when it is, else one the OS picks. */
export async function freePort(preferred?: number): Promise<number> {
	const tryListen = (port: number) =>
		new Promise<number | undefined>((done) => {
			const server = createServer();
			server.once('error', () => done(undefined));
			server.listen(port, '127.0.0.1', () => {
				const address = server.address();
				const chosen = typeof address === 'object' && address ? address.port : undefined;
				server.close(() => done(chosen));
			});
		});
	if (preferred !== undefined) {
		const port = await tryListen(preferred);
		if (port !== undefined) return port;
	}
	const port = await tryListen(0);
	if (port === undefined) throw new Error('No free TCP port on 127.0.0.1');
	return port;
}

/** Polls `check` until it returns true or the time is up; the error names what was awaited. */
export async function waitFor(
	what: string,
	check: () => Promise<boolean>,
	timeoutMs: number,
	isDead?: () => string | undefined,
) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const dead = isDead?.();
		if (dead) throw new Error(`${what}: ${dead}`);
		if (await check().catch(() => false)) return;
		await new Promise((r) => setTimeout(r, 250));
	}
	throw new Error(`${what}: not ready after ${Math.round(timeoutMs / 1000)} s`);
}

/** A set-up's progress lines on stdout, each with the seconds since `started` (its start). */
export function progressLog(tag: string, started = Date.now()): (msg: string) => void {
	return (msg) =>
		process.stdout.write(`[${tag}] ${msg} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}
