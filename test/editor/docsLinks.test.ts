import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodePropertyOptions } from 'n8n-workflow';

import { WorkforceApi } from '../../credentials/WorkforceApi.credentials';
import { Workforce } from '../../nodes/Workforce/Workforce.node';

/**
 * The Docs links n8n shows. The editor appends its tracking query to the codex URL
 * (`<url>?utm_source=n8n_app&...`), which after a `#fragment` would become part of the fragment and
 * land at the top of the page; so each link is a page of this repository without a fragment.
 */
const root = join(__dirname, '..', '..');
const REPO = 'https://github.com/n8n-nodes-workforce/n8n-nodes-workforce/blob/main/';

function codexUrls(file: string): string[] {
	const codex = JSON.parse(readFileSync(join(root, file), 'utf8'));
	return [...codex.resources.primaryDocumentation, ...codex.resources.credentialDocumentation].map(
		(r: { url: string }) => r.url,
	);
}

describe('Docs links', () => {
	const urls = [
		...codexUrls('nodes/Workforce/Workforce.node.json'),
		...codexUrls('nodes/WorkforceTrigger/WorkforceTrigger.node.json'),
		new WorkforceApi().documentationUrl,
	];

	it.each(urls)('%s is a page of this repository, without a fragment', (url) => {
		expect(url).not.toContain('#');
		expect(url.startsWith(REPO)).toBe(true);
		expect(existsSync(join(root, url.slice(REPO.length)))).toBe(true);
		// As the editor builds it: the query stays a query and the page stays the page.
		const opened = new URL(`${url}?utm_source=n8n_app&utm_campaign=n8n-nodes-workforce.workforce`);
		expect(opened.hash).toBe('');
		expect(`${opened.origin}${opened.pathname}`).toBe(url);
	});

	it('the node, the trigger and the credential each open their own page', () => {
		expect(codexUrls('nodes/Workforce/Workforce.node.json')[0]).toBe(`${REPO}docs/operations.md`);
		expect(codexUrls('nodes/WorkforceTrigger/WorkforceTrigger.node.json')[0]).toBe(
			`${REPO}docs/trigger.md`,
		);
		expect(new WorkforceApi().documentationUrl).toBe(`${REPO}docs/credential.md`);
		// Data Extraction is described on its own page, which the node's page links first.
		expect(readFileSync(join(root, 'docs', 'operations.md'), 'utf8')).toMatch(
			/^\| Data Extraction +\| \[Bulk extraction\]\(bulk-extraction\.md\)/m,
		);
	});

	// n8n gives a node one Docs link: its page names every resource and links to where it is described.
	const page = readFileSync(join(root, 'docs', 'operations.md'), 'utf8');
	const resources = new Workforce().description.properties.find((p) => p.name === 'resource')!
		.options as INodePropertyOptions[];
	it.each(resources.map((r) => r.name))(
		"the node's Docs page leads to the documentation of %s",
		(name) => {
			const row = page.split('\n').find((line) => line.startsWith(`| ${name} `));
			expect(row).toBeDefined();
			const links = [...row!.matchAll(/\]\(([^)#]*)(#[^)]*)?\)/g)];
			expect(links.length).toBeGreaterThan(0);
			// Link targets and anchors resolve (test/readme/links.test.ts checks every link of docs/).
			for (const [, file] of links)
				expect(existsSync(join(root, 'docs', file === '' ? 'operations.md' : file))).toBe(true);
		},
	);
});
