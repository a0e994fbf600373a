import type { Page } from 'playwright-core';

import { useE2e, useN8nServer } from './support/e2e';
import { useEditorBrowser } from './support/editorBrowser';
import { executionsOf, type ExecutionSummary } from './support/executions';
import { DEMO_NODES } from './support/resumeDemo';
import { waitFor } from './support/runtime';

/**
 * The resume demo (sandbox/workflows/resume-after-failure.json) in the editor, as its sticky note
 * tells a sandbox user to try it: one week fails 4 times (the first run's request and its 3
 * retries), the error branch is taken once, the same node reads the rest. Screenshots of the
 * canvas after the resumed run and of the node's parts go to test/e2e/.artifacts/ (the canvas is in
 * docs/bulk-extraction.md and sandbox/workflows/README.md, copied to docs/images/ by hand), the way
 * browser.e2e.ts takes its own.
 */

/** What the sticky note's curl computes with `date -u -d 'monday 3 weeks ago'`: the coming Monday (today on a Monday) 3 weeks back. */
function mondayThreeWeeksAgo(now: number): string {
	const day = Math.floor(now / 86_400_000);
	const weekday = (new Date(day * 86_400_000).getUTCDay() + 6) % 7;
	const coming = weekday === 0 ? day : day + 7 - weekday;
	return new Date((coming - 21) * 86_400_000).toISOString().slice(0, 10);
}

describe('The resume demo in the editor', () => {
	const e2e = useE2e();
	const n8n = useN8nServer();
	const editor = useEditorBrowser(() => n8n.server);
	let page: Page;
	beforeAll(() => {
		page = editor.page;
	});

	afterAll(async () => {
		await e2e.emulator.clearFaults();
	});

	const shot = editor.shot;

	it('a week fails 4 times: the error branch is taken once and the resumed run writes the rest', async () => {
		const { id } = e2e.state.workflows['sandbox/resume-after-failure'];
		const week = mondayThreeWeeksAgo(Date.now());
		const fault = await e2e.emulator.addFault({
			api: 'extraction',
			query: { FromDateTime: `${week}T00:00:00Z` },
			count: 4,
			action: { kind: 'status', status: 503 },
		});
		await page.goto(`${n8n.server.url}/workflow/${id}`);
		await page.getByText('Resume after a failure').first().waitFor();
		const before = (await executionsOf(n8n.server, id)).length;
		await page.getByTestId('execute-workflow-button').click();
		let last: ExecutionSummary | undefined;
		await waitFor(
			'the manual run to end',
			async () => {
				last = (await executionsOf(n8n.server, id))[before];
				return last !== undefined && !['new', 'running', 'waiting'].includes(last.status);
			},
			240_000,
		);
		expect(last?.status).toBe('success');
		// On the canvas: the seven nodes the resumed run passes show their success mark.
		await page.waitForFunction(
			'document.querySelectorAll(\'[data-test-id="canvas-node-status-success"]\').length >= 7',
		);
		await page
			.getByTestId('execute-workflow-button')
			.filter({ hasText: /Execute/ })
			.waitFor();
		// The rule is spent: the week failed exactly 4 times, then the resumed run read it.
		expect((await e2e.emulator.faultRules()).map((r) => r.id)).not.toContain(fault);
		await page.waitForFunction('document.getAnimations().length === 0');
		await shot('resume-after-failure-canvas');

		await page
			.locator(`[data-test-id="canvas-node"][data-node-name="${DEMO_NODES.extraction}"]`)
			.dblclick();
		await page.getByTestId('ndv').waitFor();
		await page.getByTestId('ndv').getByText('part').first().waitFor();
		await shot('resume-after-failure-parts');
	}, 400_000);
});
