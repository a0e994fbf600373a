import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

import type { EmulatorUrls } from '../support/emulatorProcess';
import type { N8nInstance, QueueServices } from '../support/n8nEnv';
import { REPO_ROOT, type N8nRuntime } from '../support/runtime';

/** Logs, the pids file and stack.json of a queue-mode run (git-ignored). */
export const QUEUE_DIR = join(REPO_ROOT, '.e2e', 'queue');
export const STACK_FILE = join(QUEUE_DIR, 'stack.json');
/** One line per started process: `<pid> <stop signal> <name>`; scripts/test-e2e-queue.sh stops them all. */
export const PIDS_FILE = join(QUEUE_DIR, 'pids');

export interface StackProcess {
	name: string;
	/** Leader of its own process group. */
	pid: number;
	log: string;
	/** The environment it was started with (n8n processes: to start a replacement worker). */
	env?: NodeJS.ProcessEnv;
}

/** What scripts/test-e2e-queue.sh started, as test/e2e/queue/stack.ts describes it. */
export interface QueueStack {
	runtime: N8nRuntime;
	dataDir: string;
	services: QueueServices;
	tarball: string;
	/** The package as N8N_COMMUNITY_PACKAGES lists it; the registry proxy's log of requests. */
	package: { name: string; version: string; proxyLog: string };
	emulator: { port: number; urls: EmulatorUrls };
	main: StackProcess & { instance: N8nInstance };
	workers: Array<StackProcess & { instance: N8nInstance }>;
	processes: StackProcess[];
}

export function readStack(): QueueStack {
	try {
		return JSON.parse(readFileSync(STACK_FILE, 'utf8')) as QueueStack;
	} catch {
		throw new Error(
			`${STACK_FILE} is missing: run the queue-mode suite with \`npm run test:e2e:queue\` (it starts Postgres, Redis and n8n).`,
		);
	}
}

/** The first port in [from, to] that is free on loopback and not in `taken`. */
export async function freePortInRange(
	from: number,
	to: number,
	taken: Set<number>,
): Promise<number> {
	for (let port = from; port <= to; port++) {
		if (taken.has(port)) continue;
		const free = await new Promise<boolean>((done) => {
			const server = createServer();
			server.once('error', () => done(false));
			server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
		});
		if (free) return port;
	}
	throw new Error(`No free port in ${from}-${to} on 127.0.0.1`);
}
