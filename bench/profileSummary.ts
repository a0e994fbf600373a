/*
 * Where a `--cpu-prof` profile's main-thread time goes: self time grouped into the kinds of work
 * BENCHMARKS compares (issue 33: the Workforce node's File run in `n8n start` against the plain
 * loop), this package's modules one row per file. `--cpu-prof` samples the main thread only: the
 * collector's helper threads (V8Worker) are in the bench's per-thread CPU columns, not here.
 *
 *   node .build/bench/profileSummary.js <file.cpuprofile> [<from µs>-<to µs>]
 *
 * The window (the bench's "profile window" note: the timed run on the monotonic clock the
 * profile's timestamps use) keeps only the samples inside it, cutting start-up, idle time and the
 * untimed checks out.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
	functionName: string;
	url: string;
}
interface ProfileNode {
	id: number;
	callFrame: CallFrame;
	children?: number[];
}
interface CpuProfile {
	nodes: ProfileNode[];
	startTime: number;
	endTime: number;
	samples: number[];
	timeDeltas: number[];
}

/** This package's compiled files, wherever n8n installed it (the community package folder). */
const OWN_FILE = /\/node_modules\/n8n-nodes-workforce\/(.+)$/;
/** The bench's own scenario code (the plain loop), compiled to .build/bench. */
const BENCH_FILE = /\/\.build\/(bench\/.+)$/;
/** Built-ins that turn bytes into text or objects and back (frames with no script). */
const TEXT_BUILT_INS = new Set([
	'parse',
	'stringify',
	'toString',
	'utf8Slice',
	'latin1Slice',
	'asciiSlice',
	'utf8Write',
	'writeLatin1String',
	'byteLengthUtf8',
	'decode',
	'encodeInto',
]);

/**
 * A sampled frame and the nearest frame above it that has a script: a native frame (no script)
 * is counted where its caller belongs, so Buffer.from's string copy is text work, not "native".
 */
interface Site {
	frame: CallFrame;
	caller?: CallFrame;
	/** Every frame from the sampled one up to the root. */
	stack: CallFrame[];
}

/** The groups, first match wins: one row each, except this package's and the bench's files (a row per file). */
const GROUPS: Array<[string, (site: Site) => string | boolean]> = [
	['garbage collector (main thread)', ({ frame }) => frame.functionName === '(garbage collector)'],
	['idle', ({ frame }) => frame.functionName === '(idle)'],
	[
		'program (V8 and Node native, no JavaScript frame)',
		({ frame }) => /^\((program|root)\)$/.test(frame.functionName),
	],
	// The bench asks n8n for the execution's status every 250 ms (test/e2e/support/restRunner.ts).
	[
		"n8n's REST server: the bench's status poll (routing, auth, reading the execution)",
		({ stack }) =>
			stack.some((f) => /\/router\/|express|n8n\/dist\/auth\/|executions\.controller/.test(f.url)),
	],
	// V8 runs JSON.parse and JSON.stringify inside their caller's frame: undici's body.json() parses here.
	[
		'JSON and text built-ins: JSON.parse of each page (undici body.json)',
		({ frame }) => frame.functionName === 'consumeEnd' && frame.url.includes('undici'),
	],
	[
		'JSON and text built-ins: bytes to text and back',
		({ frame, caller }) =>
			frame.url === '' &&
			(TEXT_BUILT_INS.has(frame.functionName) ||
				/node:(internal\/)?buffer/.test(caller?.url ?? '')),
	],
	['this package', ({ frame }) => OWN_FILE.exec(frame.url)?.[1] ?? false],
	['bench loop', ({ frame }) => BENCH_FILE.exec(frame.url)?.[1] ?? false],
	["n8n's binary data", ({ frame }) => /binary-data|BinaryData/.test(frame.url)],
	[
		"n8n's database (TypeORM, SQLite)",
		({ frame }) => /@n8n\/db|typeorm|sqlite|tarn/.test(frame.url),
	],
	[
		"HTTP client (undici; n8n's request helper: axios, node:http, node:net)",
		({ frame }) =>
			/undici|axios|follow-redirects|form-data|proxy-from-env|request-helpers|credentials-helper|node:_http|node:http|node:https|node:net|node:tls|node:internal\/(http|net|stream_base|js_stream)/.test(
				frame.url,
			),
	],
	[
		"Node's buffers, files, streams and zlib",
		({ frame }) => /node:(internal\/)?(fs|streams?|zlib|webstreams|buffer|stream)/.test(frame.url),
	],
	['other native and built-in (no script)', ({ frame }) => frame.url === ''],
	['n8n (other)', ({ frame }) => /\/node_modules\/(n8n|@n8n|n8n-[a-z-]+)\//.test(frame.url)],
	['everything else', () => true],
];

function groupOf(site: Site): string {
	for (const [label, test] of GROUPS) {
		const hit = test(site);
		if (hit) return typeof hit === 'string' ? `${label}: ${hit}` : label;
	}
	return 'everything else';
}

function summarise(profile: CpuProfile, from = -Infinity, to = Infinity) {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parentOf = new Map<number, number>();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parentOf.set(child, node.id);
	const stackOf = (id: number): CallFrame[] => {
		const stack: CallFrame[] = [];
		for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at))
			stack.push(byId.get(at)!.callFrame);
		return stack;
	};
	const groups = new Map<string, number>();
	const functions = new Map<string, number>();
	let time = profile.startTime;
	let total = 0;
	for (let i = 0; i < profile.samples.length; i++) {
		time += profile.timeDeltas[i];
		// A sample stands for the time until the next one.
		const next =
			i + 1 < profile.samples.length ? time + profile.timeDeltas[i + 1] : profile.endTime;
		if (time < from || time >= to) continue;
		const frame = byId.get(profile.samples[i])!.callFrame;
		const us = Math.max(0, next - time);
		const stack = stackOf(profile.samples[i]);
		const caller = frame.url ? undefined : stack.find((f) => f.url);
		const group = groupOf({ frame, caller, stack });
		groups.set(group, (groups.get(group) ?? 0) + us);
		const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/node_modules\//, '')}`;
		functions.set(`${group} | ${name}`, (functions.get(`${group} | ${name}`) ?? 0) + us);
		total += us;
	}
	return { groups, functions, total };
}

function main() {
	const [path, window] = process.argv.slice(2);
	if (!path)
		throw new Error(
			'Usage: node .build/bench/profileSummary.js <file.cpuprofile> [<from µs>-<to µs>]',
		);
	const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
	const [from, to] = window ? window.split('-').map(Number) : [];
	if (window && !(from < to))
		throw new Error(
			`The window "${window}" is not <from µs>-<to µs> (the bench's "profile window" note)`,
		);
	const { groups, functions, total } = summarise(profile, from, to);
	const ms = (us: number) => Math.round(us / 1000).toLocaleString('en-US');
	const share = (us: number, of: number) => `${((100 * us) / of).toFixed(1)} %`;
	// On a loaded machine a sample's time includes the while the thread waited for a core: compare
	// shares of the busy time (not idle), and take the thread's CPU from the bench's thread columns.
	const busy = total - (groups.get('idle') ?? 0);
	console.log(
		`${path}: ${ms(total)} ms of main-thread samples${window ? ` in ${window}` : ''}, ${ms(busy)} ms not idle`,
	);
	console.log(
		'| Where | Main thread (ms) | Share of all | Share of not idle |\n| --- | ---: | ---: | ---: |',
	);
	for (const [group, us] of [...groups].sort((a, b) => b[1] - a[1]))
		console.log(
			`| ${group} | ${ms(us)} | ${share(us, total)} | ${group === 'idle' ? '' : share(us, busy)} |`,
		);
	console.log('\nTop functions by self time:');
	for (const [name, us] of [...functions]
		.sort((a, b) => b[1] - a[1])
		.slice(0, Number(process.env.TOP ?? 30)))
		console.log(`  ${ms(us).padStart(7)} ms ${share(us, total).padStart(7)}  ${name}`);
}

main();
