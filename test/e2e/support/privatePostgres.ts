import { execFile, spawn } from 'node:child_process';
import {
	chownSync,
	closeSync,
	existsSync,
	mkdirSync,
	openSync,
	readdirSync,
	rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { Client } from 'pg';

import { waitFor } from './runtime';

/**
 * A throwaway Postgres cluster from the machine's own Postgres binaries (Debian's `postgresql`
 * package; CI installs it): initdb in a private folder, trust authentication on loopback, a port of
 * the caller's choosing, its own socket folder. Used by the sandbox (the warehouse demo's database),
 * the end-to-end suite (the same, sandbox-like) and the queue-mode stack (n8n's database too).
 * Postgres refuses to run as root: as root, the cluster belongs to the `postgres` user the package
 * creates, so its folder must be one that user can reach (under the system's temporary folder, not
 * a home folder).
 */

const run = promisify(execFile);

/** What to do on a machine without Postgres, said wherever one is missing. */
export const POSTGRES_MISSING =
	'No Postgres binaries found under /usr/lib/postgresql/<version>/bin: install them (Debian or Ubuntu: `apt-get install -y postgresql`) or set WF_POSTGRES_BIN to the folder holding initdb and postgres';

/**
 * The Postgres bin folder to use: WF_POSTGRES_BIN when it holds `postgres`, else the newest under
 * `root`; undefined when there is none (a WF_POSTGRES_BIN without `postgres` counts as none).
 */
export function findPostgresBin(
	env: NodeJS.ProcessEnv = process.env,
	root = '/usr/lib/postgresql',
): string | undefined {
	if (env.WF_POSTGRES_BIN)
		return existsSync(join(env.WF_POSTGRES_BIN, 'postgres')) ? env.WF_POSTGRES_BIN : undefined;
	const versions = existsSync(root)
		? readdirSync(root)
				.filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	return versions.length ? join(root, versions[0], 'bin') : undefined;
}

export function postgresBin(): string {
	const bin = findPostgresBin();
	if (!bin) throw new Error(POSTGRES_MISSING);
	return bin;
}

const isRoot = process.getuid?.() === 0;

/** A command run as the `postgres` user when we are root (Postgres refuses root). */
function asPostgres(cmd: string, args: string[]): [string, string[]] {
	return isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

export interface Cluster {
	bin: string;
	data: string;
	sockets: string;
}

/** initdb in `<dir>/postgres` (a fresh folder each time): UTF8, trust on loopback, no fsync. */
export async function initCluster(dir: string, bin = postgresBin()): Promise<Cluster> {
	const data = join(dir, 'postgres');
	const sockets = join(dir, 'postgres-sockets');
	rmSync(data, { recursive: true, force: true });
	for (const folder of [dir, data, sockets]) mkdirSync(folder, { recursive: true });
	if (isRoot) {
		const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
		const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
		for (const folder of [dir, data, sockets]) chownSync(folder, uid, gid);
	}
	const [cmd, args] = asPostgres(join(bin, 'initdb'), [
		...['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'],
	]);
	await run(cmd, args);
	return { bin, data, sockets };
}

/** The server's command line: loopback only, throwaway durability settings. */
export function postgresCommand(cluster: Cluster, port: number): [string, string[]] {
	const settings = [
		'listen_addresses=127.0.0.1',
		`unix_socket_directories=${cluster.sockets}`,
		'fsync=off',
		'synchronous_commit=off',
		'full_page_writes=off',
		'max_connections=200',
	];
	return asPostgres(join(cluster.bin, 'postgres'), [
		...['-D', cluster.data, '-p', String(port)],
		...settings.flatMap((s) => ['-c', s]),
	]);
}

/** Connection settings of the cluster's superuser (trust: no password). */
export function superuser(port: number, database = 'postgres') {
	return { host: '127.0.0.1', port, user: 'postgres', database };
}

/** Waits until Postgres on `port` takes a connection; `isDead` ends the wait when the server exited. */
export async function waitForPostgres(port: number, isDead?: () => string | undefined) {
	await waitFor(
		`Postgres on port ${port}`,
		async () => {
			const client = new Client(superuser(port));
			await client.connect();
			await client.end();
			return true;
		},
		60_000,
		isDead,
	);
}

export async function createDatabases(port: number, names: string[]) {
	const client = new Client(superuser(port));
	await client.connect();
	try {
		for (const name of names) await client.query(`CREATE DATABASE ${name}`);
	} finally {
		await client.end();
	}
}

export interface PrivatePostgres {
	port: number;
	/** Leader of its own process group (runuser and postgres as root). */
	pid: number;
	/** Fast shutdown (SIGINT: Postgres does not wait for clients to leave). */
	stop(): Promise<void>;
}

/**
 * A fresh cluster in `dir`, started on `port` with the given databases, its output in `log`. The
 * server runs in its own process group and outlives the caller's event loop (unref'd): stop it,
 * or kill its group (`stopPostgresGroup`) from another process.
 */
export async function startPrivatePostgres(options: {
	dir: string;
	port: number;
	log: string;
	databases: string[];
}): Promise<PrivatePostgres> {
	const cluster = await initCluster(options.dir);
	const [cmd, args] = postgresCommand(cluster, options.port);
	const out = openSync(options.log, 'a');
	const child = spawn(cmd, args, { detached: true, stdio: ['ignore', out, out] });
	closeSync(out);
	child.unref();
	const pid = child.pid;
	if (!pid) throw new Error(`could not start ${cmd}`);
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const stop = async () => {
		stopPostgresGroup(pid);
		await exited;
	};
	try {
		await waitForPostgres(options.port, () =>
			child.exitCode !== null ? `exited with ${child.exitCode} (log: ${options.log})` : undefined,
		);
		await createDatabases(options.port, options.databases);
	} catch (error) {
		await stop();
		throw error;
	}
	return { port: options.port, pid, stop };
}

/** Fast shutdown of a server started by startPrivatePostgres, by its group (nothing if gone). */
export function stopPostgresGroup(pid: number) {
	try {
		process.kill(-pid, 'SIGINT');
	} catch {
		// already gone
	}
}
