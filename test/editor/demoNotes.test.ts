import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { n8nEnv } from '../e2e/support/n8nEnv';

/**
 * What a sandbox user reads in n8n 2.x's editor (issue 44): the demos' names, sticky notes and
 * code comments use its words (a workflow is published, not activated), and the instance's time
 * zone is one of n8n's list (its Workflow Settings list has `Etc/UTC`, not `UTC`; the list itself
 * is checked against a real n8n in test/e2e/browser.e2e.ts).
 */
const FOLDER = join(__dirname, '..', '..', 'sandbox', 'workflows');
const demos = readdirSync(FOLDER)
	.filter((f) => f.endsWith('.json'))
	.map((file) => {
		const workflow = JSON.parse(readFileSync(join(FOLDER, file), 'utf8')) as {
			name: string;
			nodes: Array<{ name: string; parameters: Record<string, unknown> }>;
		};
		const texts = [
			workflow.name,
			...workflow.nodes.flatMap((n) => [n.name, ...stringsOf(n.parameters)]),
		];
		return [file, texts] as const;
	});

function stringsOf(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
	return [];
}

describe('the sandbox as n8n 2.x shows it', () => {
	it('has demos', () => {
		expect(demos.length).toBeGreaterThanOrEqual(5);
	});

	it.each(demos)('%s says publish, not activate', (_file, texts) => {
		const old = texts.flatMap(
			(t) => t.match(/[^.\n]*\b(in)?activ(e|ate|ated|ates|ation)\b[^.\n]*/gi) ?? [],
		);
		expect(old).toEqual([]);
	});

	it('the sandbox README says the same', () => {
		const readme = readFileSync(join(FOLDER, 'README.md'), 'utf8');
		expect(readme.match(/[^.\n|]*\b(in)?activ(e|ate|ated|ates|ation)\b[^.\n|]*/gi) ?? []).toEqual(
			[],
		);
	});

	it("runs n8n in a zone of n8n's list: Etc/UTC, not UTC", () => {
		const env = n8nEnv({ userFolder: '/tmp/unused', port: 1, brokerPort: 2 }, {});
		expect(env.GENERIC_TIMEZONE).toBe('Etc/UTC');
	});
});
