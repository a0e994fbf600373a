import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * n8n held to a small instance's memory (issue 46; docs/development.md "A small instance"): the
 * whole process tree in a memory cgroup of its own where the machine lets us make one (v2's
 * `memory.max`, or v1's `memory.limit_in_bytes` as on the development machines), as n8n Cloud and a
 * container hold it; otherwise only Node's heap limit, as a small container's NODE_OPTIONS would
 * set it (which leaves n8n's task runner and everything outside the heap unbounded).
 */
export interface MemoryHold {
	/** How the memory is held, said in test names and logs. */
	how: 'cgroup v2' | 'cgroup v1' | 'heap limit';
	mib: number;
	/** The command that starts `command args` inside the hold. */
	wrap(command: string, args: string[]): { command: string; args: string[] };
	/** Environment for the held process: the container's (CONTAINER_ENV), and the heap limit if that is the hold. */
	env: NodeJS.ProcessEnv;
	/** The most memory the group has used so far (page cache included), when a cgroup holds it. */
	peakBytes(): number | undefined;
	/**
	 * The group's memory now without its page cache (v1's `total_rss`, v2's `anon`): what the
	 * processes hold, apart from the files they wrote, which the kernel reclaims before it kills.
	 */
	anonBytes(): number | undefined;
	/** Removes the group (its processes must have ended). */
	release(): void;
}

/**
 * The most `hold.anonBytes()` reached from now until `stop()` (sampled every `everyMs`): a figure
 * for logs and the bench, never asserted.
 */
export function sampleHeld(hold: MemoryHold, everyMs = 100): { peak(): number; stop(): number } {
	let most = hold.anonBytes() ?? 0;
	const timer = setInterval(() => (most = Math.max(most, hold.anonBytes() ?? 0)), everyMs);
	return {
		peak: () => most,
		stop: () => {
			clearInterval(timer);
			return most;
		},
	};
}

/**
 * How n8n's own image (n8n Cloud's, a container's) runs n8n, beside the memory: NODE_ENV=production,
 * and Alpine's musl allocator, which keeps no per-thread arenas. The Node here is built on glibc,
 * whose malloc keeps up to 8 arenas a core with the memory freed in them: about 50 MiB more in n8n's
 * main process at 640 MiB after a few runs (docs/development.md "A small instance"); two arenas stand
 * in for musl. Nothing here touches V8's heap or its GC.
 */
export const CONTAINER_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' };

/** Where the cgroup hierarchies are mounted (a test gives folders of its own). */
export interface CgroupRoots {
	v2: string;
	v1: string;
}
const ROOTS: CgroupRoots = { v2: '/sys/fs/cgroup', v1: '/sys/fs/cgroup/memory' };

/**
 * A hold of `mib` MiB named after `name` (one per n8n process): cgroup v2, else v1, else the heap
 * limit. A group counts only when its limit reads back and a process can join it, so a machine that
 * lets us make a folder but not hold memory in it (a container's read-only or delegated hierarchy)
 * falls back instead of claiming a hold it does not have or failing to start n8n.
 */
export function holdMemory(mib: number, name: string, roots: CgroupRoots = ROOTS): MemoryHold {
	const bytes = String(mib * 1024 * 1024);
	const v2 = readable(join(roots.v2, 'cgroup.controllers'))?.split(/\s+/).includes('memory')
		? tryGroup(roots.v2, name, 'memory.max', bytes, () => {
				// cgroup v2 gives a child the memory controller only when its parent hands it down.
				const parent = join(roots.v2, 'cgroup.subtree_control');
				if (!readable(parent)?.split(/\s+/).includes('memory')) writeFileSync(parent, '+memory');
			})
		: undefined;
	const v1 = v2 ? undefined : tryGroup(roots.v1, name, 'memory.limit_in_bytes', bytes);
	const group = v2 ?? v1;
	if (group) {
		// No swap either, as a container without it (v1's default follows the machine, which has none).
		if (v2) trySwapOff(group);
		// A shell that moves itself into the group, then becomes the command: children inherit it.
		const wrap = (command: string, args: string[]) => ({
			command: '/bin/sh',
			args: ['-c', `echo $$ > ${group}/cgroup.procs && exec "$@"`, 'sh', command, ...args],
		});
		const peakFile = join(group, v2 ? 'memory.peak' : 'memory.max_usage_in_bytes');
		return {
			how: v2 ? 'cgroup v2' : 'cgroup v1',
			mib,
			wrap,
			env: { ...CONTAINER_ENV },
			peakBytes: () => Number(readable(peakFile) ?? NaN) || undefined,
			anonBytes: () => {
				const key = v2 ? 'anon' : 'total_rss';
				const line = readable(join(group, 'memory.stat'))
					?.split('\n')
					.find((l) => l.startsWith(`${key} `));
				return line ? Number(line.split(' ')[1]) : undefined;
			},
			release: () => {
				try {
					rmdirSync(group);
				} catch {
					// n8n's task runner may outlive it for a moment: an empty group left is harmless.
				}
			},
		};
	}
	// Three quarters of the memory for the heap, the rest for code, buffers and the task runner.
	return {
		how: 'heap limit',
		mib,
		wrap: (command, args) => ({ command, args }),
		env: { ...CONTAINER_ENV, NODE_OPTIONS: `--max-old-space-size=${Math.floor(mib * 0.75)}` },
		peakBytes: () => undefined,
		anonBytes: () => undefined,
		release: () => undefined,
	};
}

/**
 * The group's folder with its limit written and read back, once a process has joined it; undefined
 * (and no folder left) where this machine does not allow that.
 */
function tryGroup(
	root: string,
	name: string,
	limitFile: string,
	bytes: string,
	prepare: () => void = () => undefined,
): string | undefined {
	const dir = join(root, name);
	try {
		prepare();
		if (!existsSync(dir)) mkdirSync(dir);
		// r+: the kernel makes a group's files; a file we would create holds nothing.
		writeFileSync(join(dir, limitFile), bytes, { flag: 'r+' });
		if (readable(join(dir, limitFile)) !== bytes) throw new Error(`${limitFile} did not hold`);
		const join_ = spawnSync('/bin/sh', ['-c', `echo $$ > ${dir}/cgroup.procs`]);
		if (join_.status !== 0) throw new Error(`cannot join ${dir}: ${String(join_.stderr)}`);
		return dir;
	} catch {
		try {
			rmdirSync(dir);
		} catch {
			// not made, or not ours to remove
		}
		return undefined;
	}
}

function trySwapOff(group: string) {
	try {
		writeFileSync(join(group, 'memory.swap.max'), '0', { flag: 'r+' });
	} catch {
		// a kernel without swap accounting: nothing to turn off
	}
}

function readable(file: string): string | undefined {
	try {
		return readFileSync(file, 'utf8').trim();
	} catch {
		return undefined;
	}
}
