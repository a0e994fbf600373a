import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CONTAINER_ENV, holdMemory, type CgroupRoots } from '../e2e/support/memoryHold';

/**
 * How the small-instance e2e cases hold n8n's memory on a machine they do not know (CI is a fresh
 * Debian with whatever cgroups it has): v2, else v1, else the heap limit, never a hold claimed
 * without a limit in force. Folders stand in for the hierarchies; the kernel's side (a limit that
 * kills) is the e2e file's.
 */
describe('holdMemory picks what the machine allows', () => {
	let root: string;
	let roots: CgroupRoots;
	const MIB = 640;
	const BYTES = String(MIB * 1024 * 1024);

	beforeEach(() => {
		root = mkdtempSync(join(tmpdir(), 'wf-hold-'));
		roots = { v2: join(root, 'unified'), v1: join(root, 'memory') };
	});
	afterEach(() => rmSync(root, { recursive: true, force: true }));

	/** A group folder as the kernel makes it: its files there before anyone writes them. */
	function kernelGroup(dir: string, files: Record<string, string>) {
		mkdirSync(dir, { recursive: true });
		for (const [file, value] of Object.entries(files)) writeFileSync(join(dir, file), value);
	}

	it('no cgroup hierarchy: Node heap limit, three quarters of the size, said as such', () => {
		const none = holdMemory(MIB, 'wf-test', roots);
		expect(none.how).toBe('heap limit');
		expect(none.env).toEqual({ ...CONTAINER_ENV, NODE_OPTIONS: '--max-old-space-size=480' });
		expect(none.wrap('node', ['n8n', 'start'])).toEqual({
			command: 'node',
			args: ['n8n', 'start'],
		});
		expect(none.peakBytes()).toBeUndefined();
		expect(none.anonBytes()).toBeUndefined();
	});

	/** A v1 or v2 group as the kernel makes it, with these figures in its files. */
	const groups = {
		'cgroup v1': (v1: string) => ({
			dir: join(v1, 'wf-test'),
			limit: 'memory.limit_in_bytes',
			files: {
				'memory.stat': 'cache 4096\ntotal_rss 123456\n',
				'memory.max_usage_in_bytes': '654321',
			},
		}),
		'cgroup v2': (v2: string) => ({
			dir: join(v2, 'wf-test'),
			limit: 'memory.max',
			files: {
				'memory.stat': 'anon 123456\nfile 4096\n',
				'memory.peak': '654321',
				'memory.swap.max': '',
			},
		}),
	};

	it.each(['cgroup v1', 'cgroup v2'] as const)(
		'a %s group whose limit reads back is the hold: the limit in bytes, n8n started inside it, its figures read',
		(how) => {
			kernelGroup(roots.v2, { 'cgroup.controllers': how === 'cgroup v2' ? 'memory' : 'cpu' });
			const group = groups[how](how === 'cgroup v2' ? roots.v2 : roots.v1);
			kernelGroup(group.dir, { ...group.files, [group.limit]: '0', 'cgroup.procs': '' });
			const hold = holdMemory(MIB, 'wf-test', roots);
			expect(hold.how).toBe(how);
			expect(readFileSync(join(group.dir, group.limit), 'utf8')).toBe(BYTES);
			expect(hold.env).toEqual(CONTAINER_ENV);
			expect(hold.anonBytes()).toBe(123456);
			expect(hold.peakBytes()).toBe(654321);
			const { command, args } = hold.wrap('node', ['n8n', 'start']);
			expect(command).toBe('/bin/sh');
			expect(args.slice(2)).toEqual(['sh', 'node', 'n8n', 'start']);
			expect(args[1]).toContain(`${group.dir}/cgroup.procs`);
			// v2 holds swap to none too, as a container without swap.
			if (how === 'cgroup v2')
				expect(readFileSync(join(group.dir, 'memory.swap.max'), 'utf8')).toBe('0');
		},
	);

	it('a v2 hierarchy that gives the group no memory.max (delegated without the controller) is not a hold: v1 is used', () => {
		kernelGroup(roots.v2, {
			'cgroup.controllers': 'cpu io memory pids',
			'cgroup.subtree_control': '',
		});
		const v1 = groups['cgroup v1'](roots.v1);
		kernelGroup(v1.dir, { ...v1.files, [v1.limit]: '0', 'cgroup.procs': '' });
		expect(holdMemory(MIB, 'wf-test', roots).how).toBe('cgroup v1');
		// The v2 folder it tried is gone again.
		expect(existsSync(join(roots.v2, 'wf-test'))).toBe(false);
	});

	it('a v1 group without a limit to write (a hierarchy we may not use) is not a hold: the heap limit', () => {
		kernelGroup(join(roots.v1, 'wf-test'), { 'cgroup.procs': '' });
		const hold = holdMemory(MIB, 'wf-test', roots);
		expect(hold.how).toBe('heap limit');
		expect(existsSync(join(roots.v1, 'wf-test', 'memory.limit_in_bytes'))).toBe(false);
	});
});
