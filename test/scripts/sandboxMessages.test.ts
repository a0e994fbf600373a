import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..');
const N8N_VERSION = '9.9.9-test';

/**
 * What `npm start` says while a first start installs things (issue 12): numbered steps with the
 * expected durations, a first-start notice, and a line every WF_HEARTBEAT_SECONDS while a long
 * install runs. The scripts run for real against stubs: a fake `node` and `npm` first on PATH and
 * a throwaway cache folder, so nothing is downloaded. The stub install waits for a marker file the
 * test writes once it has seen a heartbeat: events, never sleeps or timed assertions.
 */
describe('sandbox and install scripts: what a first start says', () => {
	let root: string;
	let cache: string;
	let stubs: string;
	let marker: string;
	const running: ChildProcess[] = [];

	beforeEach(() => {
		root = mkdtempSync(join(tmpdir(), 'wf-sandbox-messages-'));
		cache = join(root, 'cache');
		stubs = join(root, 'stubs');
		marker = join(root, 'go-on');
		mkdirSync(stubs, { recursive: true });
		// A Node 24 the scripts accept without installing one.
		const node24 = join(cache, 'node24', 'node_modules', 'node', 'bin');
		mkdirSync(node24, { recursive: true });
		script(join(node24, 'node'), 'echo v24.99.0');
		// npm install waits for the marker (the test's go-ahead) and leaves a little on disk.
		script(
			join(stubs, 'npm'),
			`case "$1" in
  install|ci) mkdir -p node_modules/stub && head -c 2048 /dev/zero > node_modules/stub/blob
              while [ ! -f "${marker}" ]; do sleep 0.05; done ;;
  rebuild) ;;
  *) echo "stub npm: unexpected $*" >&2; exit 9 ;;
esac`,
		);
	});
	afterEach(() => {
		for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
		rmSync(root, { recursive: true, force: true });
	});

	function script(path: string, body: string) {
		writeFileSync(path, `#!/usr/bin/env bash\n${body}\n`);
		chmodSync(path, 0o755);
	}

	/** Runs a bash command in the repository with the stubs first on PATH; collects its output. */
	function run(command: string, env: Record<string, string> = {}) {
		const child = spawn('bash', ['-c', command], {
			cwd: REPO,
			env: {
				...process.env,
				PATH: `${stubs}:${process.env.PATH}`,
				WF_TOOLS_CACHE: cache,
				N8N_VERSION,
				WF_HEARTBEAT_SECONDS: '1',
				WF_PROGRESS_PREFIX: 'sandbox',
				...env,
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		running.push(child);
		let stdout = '';
		let stderr = '';
		const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
		const check = () => {
			for (const w of [...waiters])
				if (w.pattern.test(stderr)) {
					waiters.splice(waiters.indexOf(w), 1);
					w.resolve();
				}
		};
		child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
		child.stderr!.on('data', (d: Buffer) => {
			stderr += d.toString();
			check();
		});
		const done = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
		return {
			/** Resolves when stderr shows the pattern (fails with the output if the script ends first). */
			sees: (pattern: RegExp) =>
				Promise.race([
					new Promise<void>((resolve) => {
						waiters.push({ pattern, resolve });
						check();
					}),
					done.then((code) => {
						if (!pattern.test(stderr))
							throw new Error(`exited ${code} without printing ${pattern}:\n${stderr}`);
					}),
				]),
			done: async () => ({ code: await done, stdout, stderr }),
		};
	}

	it('progress: a numbered step with what to expect, and "still ..." lines while a command runs, then its exit status', async () => {
		const shell = run(
			`source scripts/lib/progress.sh; wf_step 5 7 "n8n runtime" "first time: about 6 min"; wf_with_heartbeat "installing x" bash -c 'while [ ! -f "${marker}" ]; do sleep 0.05; done; exit 3'; echo "status $?" >&2`,
		);
		await shell.sees(/still installing x: \d+ s\n/);
		writeFileSync(marker, '');
		const { code, stderr } = await shell.done();
		expect(code).toBe(0);
		expect(stderr).toMatch(
			/^\[sandbox\] 5\/7 n8n runtime \(first time: about 6 min\) {2}\[\d+ s\]\n/,
		);
		expect(stderr).toMatch(/\[sandbox\] {5}\.\.\. still installing x: \d+ s\n/);
		expect(stderr).toMatch(/status 3\n$/);
	});

	it('the first-start notice lists what will be installed and the total to expect; nothing when all is there', async () => {
		script(join(stubs, 'node'), 'echo v20.11.0'); // the machine's node is too old: Node 24 is installed too
		const first = await run(
			'source scripts/lib/progress.sh; source scripts/lib/first-start.sh; rm -rf "$WF_TOOLS_CACHE/node24"; cd "$(mktemp -d)"; touch package-lock.json; wf_first_start_notice',
		).done();
		expect(first.stderr).toContain(
			`[sandbox]     First start: installing Node 24 (about 30 s), the dev dependencies (1-3 min), n8n ${N8N_VERSION} (about 6 min, 3 GB) into this clone and ${cache}.`,
		);
		expect(first.stderr).toContain('Expect about 9 minutes in all.');
		expect(first.stderr).toContain(
			'line every 1 s. Later starts reuse what is installed and take under a minute.',
		);

		rmSync(join(stubs, 'node'));
		const node24 = join(cache, 'node24', 'node_modules', 'node', 'bin');
		mkdirSync(node24, { recursive: true });
		script(join(node24, 'node'), 'echo v24.99.0');
		mkdirSync(join(cache, `n8n-${N8N_VERSION}`), { recursive: true });
		writeFileSync(join(cache, `n8n-${N8N_VERSION}`, '.ready'), '');
		const later = await run(
			'source scripts/lib/progress.sh; source scripts/lib/first-start.sh; cd "$(mktemp -d)"; ln -s /nonexistent node_modules; wf_first_start_notice; echo "n8n: $(wf_expect n8n cached first-time)" >&2',
		).done();
		expect(later.stderr).toBe('n8n: cached\n');
	});

	it('ensure-n8n: says it installs n8n the first time, with a heartbeat and the size so far; silent once cached', async () => {
		const install = run('bash scripts/ensure-n8n.sh');
		await install.sees(
			/still installing n8n \(npm install, the long part\): \d+ s, \S+ on disk so far\n/,
		);
		writeFileSync(marker, '');
		const first = await install.done();
		const dir = join(cache, `n8n-${N8N_VERSION}`);
		expect(first).toMatchObject({ code: 0, stdout: `${dir}\n` });
		expect(first.stderr).toContain(
			`installing n8n ${N8N_VERSION} into ${dir}: first time only, about 6 min and 3 GB (later runs reuse it)`,
		);
		expect(first.stderr).toContain(
			"building n8n's native modules (sqlite3, isolated-vm, ...: about 1 min)",
		);
		expect(first.stderr).toContain(`n8n ${N8N_VERSION} installed`);
		expect(existsSync(join(dir, '.ready'))).toBe(true);

		const again = await run('bash scripts/ensure-n8n.sh').done();
		expect(again).toEqual({ code: 0, stdout: `${dir}\n`, stderr: '' });
	});

	it('ensure-n8n: a second caller says it waits for the install in progress, with a heartbeat', async () => {
		mkdirSync(cache, { recursive: true });
		const lock = join(cache, `.n8n-${N8N_VERSION}.lock`);
		// Another install holds the lock until the test lets it go.
		const holder = run(
			`exec 9>"${lock}"; flock 9; echo locked >&2; while [ ! -f "${marker}" ]; do sleep 0.05; done; mkdir -p "${cache}/n8n-${N8N_VERSION}"; touch "${cache}/n8n-${N8N_VERSION}/.ready"`,
		);
		await holder.sees(/locked/);
		const waiting = run('bash scripts/ensure-n8n.sh');
		await waiting.sees(/still waiting for the other n8n install: \d+ s\n/);
		writeFileSync(marker, '');
		const result = await waiting.done();
		expect(result.code).toBe(0);
		expect(result.stderr).toContain(
			`another process is installing n8n ${N8N_VERSION} into ${join(cache, `n8n-${N8N_VERSION}`)}: waiting for it (a first install takes about 6 min)`,
		);
		expect(result.stderr).not.toContain('first time only'); // the other process installed it
		expect((await holder.done()).code).toBe(0);
	});
});
