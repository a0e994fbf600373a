import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The folder rule of docs/architecture.md, checked by imports: the trigger and the credential
 * never import from `nodes/Workforce/`, the node never from `nodes/WorkforceTrigger/`, and every
 * file of `nodes/shared/` (but `n8nInternals/`, which holds what leans on n8n whoever uses it) is
 * used, directly or through another shared file, by at least two of node, trigger and credential.
 */
const ROOT = resolve(__dirname, '..', '..', '..');
const OWNERS = {
	node: 'nodes/Workforce/',
	trigger: 'nodes/WorkforceTrigger/',
	credential: 'credentials/',
} as const;
type Owner = keyof typeof OWNERS;

function sources(folder: string): string[] {
	return readdirSync(join(ROOT, folder)).flatMap((name) => {
		const path = `${folder}/${name}`;
		if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
		return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
	});
}

const files = [...sources('nodes'), ...sources('credentials')];
const known = new Set(files);

/** The package's own files a file imports (import, export from, import(), type imports too). */
function importsOf(file: string): string[] {
	const text = readFileSync(join(ROOT, file), 'utf8');
	const specifiers = [
		...text.matchAll(/(?:^|[\s;])(?:import|export)\s[^;'"]*?from\s*'([^']+)'/g),
		...text.matchAll(/(?:^|[\s;])import\s*'([^']+)'/g),
		...text.matchAll(/import\(\s*'([^']+)'\s*\)/g),
	].map((m) => m[1]);
	return specifiers
		.filter((s) => s.startsWith('.'))
		.map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)))
		.map((p) => [`${p}.ts`, `${p}/index.ts`, p].find((c) => known.has(c)) ?? `${p} (not found)`);
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** Every file an owner's files reach through imports. */
function reach(owner: Owner): Set<string> {
	const seen = new Set<string>();
	const stack = files.filter((f) => f.startsWith(OWNERS[owner]));
	while (stack.length) {
		const file = stack.pop()!;
		if (seen.has(file)) continue;
		seen.add(file);
		stack.push(...(graph.get(file) ?? []));
	}
	return seen;
}

describe('the folder rule, by imports', () => {
	it('reads the imports of every file (none points nowhere)', () => {
		expect(files.length).toBeGreaterThan(100);
		const broken = [...graph].flatMap(([f, deps]) =>
			deps.filter((d) => d.endsWith('(not found)')).map((d) => `${f} -> ${d}`),
		);
		expect(broken).toEqual([]);
	});

	it.each([
		['trigger', 'node'],
		['credential', 'node'],
		['credential', 'trigger'],
		['node', 'trigger'],
	] as Array<[Owner, Owner]>)('the %s never imports from the %s', (owner, other) => {
		const crossing = [...graph]
			.filter(([f]) => f.startsWith(OWNERS[owner]))
			.flatMap(([f, deps]) =>
				deps.filter((d) => d.startsWith(OWNERS[other])).map((d) => `${f} -> ${d}`),
			);
		expect(crossing).toEqual([]);
	});

	it('every file of nodes/shared/ outside n8nInternals/ serves at least two of node, trigger and credential', () => {
		const reached = (Object.keys(OWNERS) as Owner[]).map((o) => [o, reach(o)] as const);
		const shared = files.filter(
			(f) => f.startsWith('nodes/shared/') && !f.startsWith('nodes/shared/n8nInternals/'),
		);
		expect(shared.length).toBeGreaterThan(20);
		const lonely = shared
			.map((f) => [f, reached.filter(([, r]) => r.has(f)).map(([o]) => o)] as const)
			.filter(([, users]) => users.length < 2)
			.map(([f, users]) => `${f}: ${users.join(', ') || 'nobody'}`);
		expect(lonely).toEqual([]);
	});
});
