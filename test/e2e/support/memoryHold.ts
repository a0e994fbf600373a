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
	/** Environment for the held process. */
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

const V2_ROOT = '/sys/fs/cgroup';
const V1_ROOT = '/sys/fs/cgroup/memory';

/** A hold of `mib` MiB named after `name` (one per n8n process). */
export function holdMemory(mib: number, name: string): MemoryHold {
	const bytes = String(mib * 1024 * 1024);
	const v2 = readable(join(V2_ROOT, 'cgroup.controllers'))?.split(/\s+/).includes('memory');
	const group = v2
		? tryGroup(V2_ROOT, name, { 'memory.max': bytes, 'memory.swap.max': '0' })
		: tryGroup(V1_ROOT, name, { 'memory.limit_in_bytes': bytes });
	if (group) {
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
			env: {},
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
		env: { NODE_OPTIONS: `--max-old-space-size=${Math.floor(mib * 0.75)}` },
		peakBytes: () => undefined,
		anonBytes: () => undefined,
		release: () => undefined,
	};
}

/** The group's folder with `settings` written, or undefined where this machine does not allow it. */
function tryGroup(root: string, name: string, settings: Record<string, string>) {
	const dir = join(root, name);
	try {
		if (!existsSync(dir)) mkdirSync(dir);
		for (const [file, value] of Object.entries(settings))
			if (existsSync(join(dir, file))) writeFileSync(join(dir, file), value);
		return dir;
	} catch {
		return undefined;
	}
}

function readable(file: string): string | undefined {
	try {
		return readFileSync(file, 'utf8').trim();
	} catch {
		return undefined;
	}
}
