import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = join(__dirname, '..', '..');

/** The pages a user or maintainer reads: README, BENCHMARKS and every page of docs/. */
const pages = [
	'README.md',
	'BENCHMARKS.md',
	...readdirSync(join(root, 'docs'))
		.filter((f) => f.endsWith('.md'))
		.map((f) => `docs/${f}`),
];

/** Markdown without fenced blocks and inline code, where a `](...)` is no link. */
function prose(text: string): string {
	return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
	for (const [, heading] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
		const slug = heading
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return anchors;
}

function linksOf(markdown: string): string[] {
	const text = prose(markdown);
	const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
	const references = [...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]);
	return [...inline, ...references];
}

describe('Links of README.md, BENCHMARKS.md and docs/', () => {
	it('reads the pages', () => {
		expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
	});

	it.each(pages)('every relative link and anchor of %s resolves', (page) => {
		const text = readFileSync(join(root, page), 'utf8');
		const broken: string[] = [];
		for (const link of linksOf(text)) {
			if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:: not ours to check
			const [path, anchor] = link.split('#', 2);
			const target = path === '' ? join(root, page) : join(root, dirname(page), path);
			if (!existsSync(target)) {
				broken.push(`${link} (no file ${relative(root, target)})`);
				continue;
			}
			if (anchor === undefined) continue;
			if (!statSync(target).isFile() || !target.endsWith('.md')) {
				broken.push(`${link} (an anchor into a file that is not Markdown)`);
				continue;
			}
			if (!anchorsOf(readFileSync(target, 'utf8')).has(anchor))
				broken.push(`${link} (no heading #${anchor} in ${relative(root, target)})`);
		}
		expect(broken).toEqual([]);
	});

	it('finds a broken link and a broken anchor (the check can fail)', () => {
		const anchors = anchorsOf(
			'# Queue mode (scaling out)\n## Binary data: `database` mode\n## A\n## A',
		);
		expect([...anchors]).toEqual([
			'queue-mode-scaling-out',
			'binary-data-database-mode',
			'a',
			'a-1',
		]);
		expect(linksOf('[x](docs/a.md#b) `[y](z.md)` [r]: ../c.md\n[w](https://e.example)')).toEqual([
			'docs/a.md#b',
			'https://e.example',
		]);
	});
});
