/**
 * The queue-mode stack of `npm run test:e2e:queue` (run as `node .build/test/e2e/queue/stack.js
 * <tarball>` by scripts/test-e2e-queue.sh): a private Postgres and Redis, the emulator, and n8n as
 * one main and two `n8n worker` processes. The package reaches every instance the way a queue-mode
 * operator installs it: published to a local registry (Verdaccio, a service of the stack, with the
 * registry proxy beside it) and listed in N8N_COMMUNITY_PACKAGES, which n8n's own installer reads
 * (packageFromEnv.ts says what main and workers each do with it); each instance's install is
 * checked before the stack is declared up. Every process runs in its own process group and is listed in `pids` as it
 * starts, so the script's trap stops everything, also when start-up fails half-way. Describes what
 * it started in `stack.json`, read by the suite's global set-up.
 */
import { execFile, spawn } from 'node:child_process';
import {
	appendFileSync,
	closeSync,
	existsSync,
	readFileSync,
	mkdirSync,
	openSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { fetch } from 'undici';

import { checkoutTag } from '../support/e2eState';
import {
	E2E_TIME_REGISTRATIONS,
	emulatorUrls,
	type EmulatorUrls,
} from '../support/emulatorProcess';
import { LocalRegistry } from '../support/localRegistry';
import {
	createDatabases,
	initCluster,
	postgresCommand,
	waitForPostgres,
} from '../support/privatePostgres';
import { queueN8nEnv, type N8nInstance, type QueueServices } from '../support/n8nEnv';
import { registryProxyArgs, registryProxyEnv } from '../support/registryProxy';
import { n8nRuntime, progressLog, REPO_ROOT, waitFor, type N8nRuntime } from '../support/runtime';
import {
	freePortInRange,
	QUEUE_DIR,
	STACK_FILE,
	PIDS_FILE,
	type QueueStack,
	type StackProcess,
} from './stackFile';
import {
	checkOwnInstall,
	packageFromEnv,
	proxiedRequests,
	type PackageRef,
} from './packageFromEnv';

const run = promisify(execFile);

/** Ports of this suite (other suites and helpers use others). */
const PORTS = {
	from: Number(process.env.WF_QUEUE_PORT_FROM ?? 15400),
	to: Number(process.env.WF_QUEUE_PORT_TO ?? 15499),
};

/** The emulator's generated time registrations (the backfill benchmark, scripts/bench-queue.sh, sets a million). */
const TIME_REGISTRATIONS = Number(
	process.env.WF_QUEUE_TIME_REGISTRATIONS ?? E2E_TIME_REGISTRATIONS,
);

/** Data folders live outside the repository (a node_modules above an n8n user folder would shadow n8n's own modules). */
const DATA_DIR = join(
	process.env.WF_QUEUE_DATA_DIR ?? join(tmpdir(), `n8n-nodes-workforce-queue-${checkoutTag()}`),
);

const say = progressLog('queue');

async function main() {
	const tarball = process.argv[2];
	if (!tarball || !existsSync(tarball)) throw new Error('usage: stack.js <package tarball>');
	rmSync(DATA_DIR, { recursive: true, force: true });
	mkdirSync(join(DATA_DIR, 'files'), { recursive: true });
	mkdirSync(QUEUE_DIR, { recursive: true });
	const runtime = n8nRuntime();
	const taken = new Set<number>();
	const port = async () => {
		const p = await freePortInRange(PORTS.from, PORTS.to, taken);
		taken.add(p);
		return p;
	};

	const services: QueueServices = {
		postgres: { host: '127.0.0.1', port: await port(), database: 'n8n', user: 'postgres' },
		redis: { host: '127.0.0.1', port: await port() },
	};
	const emulatorPort = await port();
	const processes: StackProcess[] = [];

	// Independent of each other: the database, the queue, the emulator, the registry and its proxy.
	const postgres = startPostgres(services.postgres.port).then((p) => processes.push(p));
	const redis = startRedis(services.redis.port).then((p) => processes.push(p));
	const emulator = startEmulator(runtime, emulatorPort).then((p) => processes.push(p));
	const pkg = JSON.parse(
		await run('tar', ['-xzOf', tarball, 'package/package.json']).then((r) => r.stdout),
	) as PackageRef;
	const registry = startRegistry(tarball, await port(), await port()).then((r) => {
		processes.push(...r.processes);
		return r;
	});
	const names = ['main', 'worker-1', 'worker-2'];
	const instances: Record<string, N8nInstance> = {};
	for (const name of names)
		instances[name] = {
			userFolder: join(DATA_DIR, name),
			port: await port(),
			brokerPort: await port(),
			// One folder for all: a demo's file written by whichever worker runs it.
			filesFolder: join(DATA_DIR, 'files'),
		};
	const [{ proxyUrl, caFile, proxyLog }] = await Promise.all([registry, postgres, redis, emulator]);
	say(
		`Postgres on ${services.postgres.port}, Redis on ${services.redis.port}, emulator on ${emulatorPort}; ${pkg.name}@${pkg.version} published to the local registry`,
	);
	// n8n's own database, and the BI team's warehouse that the sync workflow writes to.
	await createDatabases(services.postgres.port, [services.postgres.database, 'warehouse']);
	// Each instance: the package list, the proxy to the local registry, an npm cache of its own (so
	// each install downloads the tarball itself, which the check below looks for).
	const npmCache = (name: string) => join(instances[name].userFolder, 'npm-cache');
	const envOf = (name: string) => ({
		...queueN8nEnv(instances[name], services),
		...registryProxyEnv(proxyUrl, caFile, npmCache(name)),
		...packageFromEnv(pkg),
	});

	// The main first: it creates n8n's tables; the workers then start on a migrated database.
	const mainProcess = await startN8n(
		runtime,
		'main',
		['start'],
		envOf('main'),
		instances.main.port,
	);
	processes.push(mainProcess);
	checkOwnInstall(pkg, instances.main.userFolder, npmCache('main'), mainProcess.log, 'main');
	say(
		`n8n main ready on http://localhost:${instances.main.port}, ${pkg.name} installed by n8n from N8N_COMMUNITY_PACKAGES`,
	);
	const workers = await Promise.all(
		names.slice(1).map(async (name) => {
			const instance = instances[name];
			const env = {
				...envOf(name),
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(instance.port),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				// Bench only: a memory sampler in the workers (bench/workerMemory.ts).
				...(process.env.WF_QUEUE_WORKER_NODE_OPTIONS
					? { NODE_OPTIONS: process.env.WF_QUEUE_WORKER_NODE_OPTIONS }
					: {}),
			};
			return await startN8n(runtime, name, ['worker', '--concurrency=10'], env, instance.port);
		}),
	);
	processes.push(...workers);
	for (const worker of workers)
		checkOwnInstall(
			pkg,
			instances[worker.name].userFolder,
			npmCache(worker.name),
			worker.log,
			'worker',
		);
	say(
		`workers ready: ${workers.map((w) => `${w.name} (pid ${w.pid})`).join(', ')}; ${pkg.name} installed by n8n on each instance (${proxiedRequests(proxyLog, pkg).length} registry requests through the proxy)`,
	);

	const stack: QueueStack = {
		runtime,
		dataDir: DATA_DIR,
		services,
		tarball,
		package: { ...pkg, proxyLog },
		emulator: { port: emulatorPort, urls: emulatorUrls(emulatorPort) as EmulatorUrls },
		main: { ...mainProcess, instance: instances.main },
		workers: workers.map((w, i) => ({ ...w, instance: instances[names[i + 1]] })),
		processes,
	};
	writeFileSync(STACK_FILE, JSON.stringify(stack, null, 2));
}

/** Spawns a long-running process in its own process group, output to a log file, and lists it in the pids file at once. */
function spawnService(
	name: string,
	command: string,
	args: string[],
	env: NodeJS.ProcessEnv,
	stopSignal = 'TERM',
): StackProcess {
	const log = join(QUEUE_DIR, `${name}.log`);
	// A file, not a pipe: the processes outlive this program, which exits once everything is ready.
	const out = openSync(log, 'a');
	const child = spawn(command, args, { env, detached: true, stdio: ['ignore', out, out] });
	closeSync(out);
	if (!child.pid) throw new Error(`${name}: could not start ${command}`);
	appendFileSync(PIDS_FILE, `${child.pid} ${stopSignal} ${name}\n`);
	child.unref();
	return { name, pid: child.pid, log };
}

function alive(pid: number): string | undefined {
	try {
		process.kill(pid, 0);
		return undefined;
	} catch {
		return 'exited (see its log in .e2e/queue/)';
	}
}

/** The machine's Postgres (test/e2e/support/privatePostgres.ts): a throwaway cluster in the stack's data folder. */
async function startPostgres(port: number): Promise<StackProcess> {
	const [cmd, args] = postgresCommand(await initCluster(DATA_DIR), port);
	// SIGINT is Postgres' fast shutdown (SIGTERM waits for every client to leave).
	const proc = spawnService('postgres', cmd, args, process.env, 'INT');
	await waitForPostgres(port, () => alive(proc.pid));
	return proc;
}

async function startRedis(port: number): Promise<StackProcess> {
	const proc = spawnService(
		'redis',
		'redis-server',
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--daemonize',
			'no',
			'--dir',
			DATA_DIR,
		],
		process.env,
	);
	await waitFor(
		`Redis on port ${port}`,
		() => redisPing(port),
		30_000,
		() => alive(proc.pid),
	);
	return proc;
}

function redisPing(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
		socket.once('data', (d) => {
			socket.destroy();
			resolve(d.toString().startsWith('+PONG'));
		});
		socket.once('error', () => resolve(false));
	});
}

async function startEmulator(runtime: N8nRuntime, port: number): Promise<StackProcess> {
	const mainJs = join(REPO_ROOT, '.build', 'test', 'emulator', 'main.js');
	if (!existsSync(mainJs))
		throw new Error(`${mainJs} is missing: run \`bash scripts/build-dev.sh\` first.`);
	const env = {
		...process.env,
		WORKFORCE_EMULATOR_PORT: String(port),
		WORKFORCE_EMULATOR_TIME_REGISTRATIONS: String(TIME_REGISTRATIONS),
	};
	const proc = spawnService('emulator', runtime.node, [mainJs], env);
	await waitFor(
		`Emulator on port ${port}`,
		async () => (await fetch(`${emulatorUrls(port).control}/info`)).ok,
		20_000,
		() => alive(proc.pid),
	);
	return proc;
}

/**
 * The local registry (Verdaccio) holding the packed package, and the registry proxy that makes it
 * n8n's default registry, both services of the stack (stopped with it). Returns what the n8n
 * processes need to reach it and the proxy's log (one `seen <method> <url>` line per request).
 */
async function startRegistry(tarball: string, registryPort: number, proxyPort: number) {
	const folder = join(DATA_DIR, 'registry');
	const registry = new LocalRegistry(folder);
	const { command, args, env } = registry.command(registryPort);
	const verdaccio = spawnService('registry', command, args, env);
	await registry.ready(() => alive(verdaccio.pid));
	registry.publish(tarball);
	const caFile = join(folder, 'registry-proxy-ca.pem');
	const proxy = spawnService(
		'registry-proxy',
		process.execPath,
		registryProxyArgs(registry.url, caFile, proxyPort),
		{ PATH: process.env.PATH, HOME: folder },
	);
	await waitFor(
		`Registry proxy on port ${proxyPort}`,
		async () => readFileSync(proxy.log, 'utf8').includes(`port ${proxyPort}`),
		60_000,
		() => alive(proxy.pid),
	);
	return {
		processes: [verdaccio, proxy],
		proxyUrl: `http://127.0.0.1:${proxyPort}`,
		caFile,
		proxyLog: proxy.log,
	};
}

/** `n8n start` or `n8n worker`, ready when its /healthz/readiness answers (the worker's health server when enabled). */
export async function startN8n(
	runtime: N8nRuntime,
	name: string,
	args: string[],
	env: NodeJS.ProcessEnv,
	healthPort: number,
): Promise<StackProcess> {
	const proc = spawnService(name, runtime.node, [runtime.bin, ...args], env);
	await waitFor(
		`n8n ${name} on port ${healthPort}`,
		async () => (await fetch(`http://127.0.0.1:${healthPort}/healthz/readiness`)).ok,
		180_000,
		() => alive(proc.pid),
	);
	return { ...proc, env };
}

if (require.main === module) {
	main().catch((error: Error) => {
		process.stderr.write(`[queue] start-up failed: ${error.stack ?? error.message}\n`);
		process.exit(1);
	});
}
