import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { WorkforceApi } from '../../credentials/WorkforceApi.credentials';

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
	});
});
