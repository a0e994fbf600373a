import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from './support/runtime';
import { useE2e } from './support/e2e';

/** Release readiness of the very tarball this run installed into n8n. */
describe('The packed package', () => {
	const e2e = useE2e();
	const files = () =>
		execFileSync('tar', ['-tzf', e2e.state.package.tarball], { encoding: 'utf8' })
			.split('\n')
			.filter((line) => line && !line.endsWith('/'))
			.map((line) => line.replace(/^package\//, ''))
			.sort();

	it('holds only what n8n loads (dist JavaScript, icons, codex files) plus README.md, LICENSE, CHANGELOG.md and package.json', () => {
		const extras = ['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json'];
		const outside = files().filter((f) => !f.startsWith('dist/') && !extras.includes(f));
		expect(outside).toEqual([]);
		expect(files()).toEqual(expect.arrayContaining(extras));
		// n8n loads JavaScript, icons and codex JSON: no type declarations, source maps or other files.
		expect(files().filter((f) => f.startsWith('dist/') && !/\.(js|json|svg|png)$/.test(f))).toEqual(
			[],
		);
		expect(files().filter((f) => f.endsWith('.d.ts') || f.endsWith('.map'))).toEqual([]);
		// No tests, emulator, sources or maps of them leak into dist.
		expect(
			files().filter((f) => /(^|\/)(test|emulator|__tests__)\/|\.test\.|\.e2e\./.test(f)),
		).toEqual([]);
	});

	it('holds every node and credential package.json declares, with their icons', () => {
		const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
			n8n: { nodes: string[]; credentials: string[] };
		};
		expect(files()).toEqual(expect.arrayContaining([...pkg.n8n.nodes, ...pkg.n8n.credentials]));
		expect(files().filter((f) => f.endsWith('.svg')).length).toBeGreaterThanOrEqual(2);
	});

	it('package.json carries the metadata a community package needs and no runtime dependencies', () => {
		const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<
			string,
			unknown
		>;
		for (const field of [
			'name',
			'version',
			'description',
			'license',
			'homepage',
			'author',
			'repository',
			'bugs',
			'engines',
		])
			expect(pkg[field]).toBeTruthy();
		expect(pkg.keywords).toContain('n8n-community-node-package');
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(pkg.name).toMatch(/^(@[^/]+\/)?n8n-nodes-/);
	});
});
