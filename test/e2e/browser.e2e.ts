import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { Client } from 'pg';

import { NODE_DESCRIPTION } from '../../nodes/shared/nodeDescription';
import { E2E_OWNER, useE2e, useN8nServer } from './support/e2e';
import { deactivateAndSettle, executionsOf } from './support/executions';
import { REPO_ROOT, waitFor } from './support/runtime';

/**
 * The editor as a new user meets it, in headless Chromium (Debian's package, driven by
 * playwright-core; no browser is downloaded): the node in n8n's search, the payroll demo on the
 * canvas, run, with its node panel and output; the warehouse demo active as `npm start` leaves it,
 * its run on the canvas and its rows in the sandbox-like Postgres. Screenshots go to
 * test/e2e/.artifacts/ (some are in the README and docs, copied to docs/images/ by hand). `.ci/run`
 * installs Debian's chromium at /usr/bin/chromium; WF_CHROMIUM names another binary.
 */
const CHROMIUM = process.env.WF_CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = join(REPO_ROOT, 'test', 'e2e', '.artifacts');
if (!existsSync(CHROMIUM))
	throw new Error(
		`The browser test needs Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium, as .ci/run does) or set WF_CHROMIUM to a Chromium binary.`,
	);

describe('The editor in a browser', () => {
	const e2e = useE2e();
	const n8n = useN8nServer();
	let browser: Browser;
	let page: Page;

	beforeAll(async () => {
		const { chromium, selectors } = await import('playwright-core');
		selectors.setTestIdAttribute('data-test-id');
		mkdirSync(ARTIFACTS, { recursive: true });
		browser = await chromium.launch({
			executablePath: CHROMIUM,
			// Flags that work in a container as root; the profile is fresh (launch gives a temporary one).
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		});
		page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		// Hang limits, not speed checks: a loaded machine makes the editor slow to answer.
		page.setDefaultTimeout(120_000);
		await page.goto(`${n8n.server.url}/signin`);
		await page.getByTestId('emailOrLdapLoginId').locator('input').fill(E2E_OWNER.email);
		await page.getByTestId('password').locator('input').fill(E2E_OWNER.password);
		await page.getByTestId('form-submit-button').click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
	}, 180_000);

	afterAll(async () => {
		await browser?.close();
	});

	const canvasNode = (name: string) =>
		page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
	const shot = async (name: string) =>
		await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

	it('the node search finds the package and shows what it pushes and pulls', async () => {
		await page.goto(`${n8n.server.url}/workflow/new`);
		await page
			.getByTestId('canvas-add-first-step-button')
			.or(page.getByTestId('canvas-add-button'))
			.first()
			.click();
		await page.getByTestId('node-creator-search-bar').fill('Workforce');
		const item = page
			.getByTestId('node-creator-item-name')
			.filter({ hasText: /^Workforce$/ })
			.first();
		await item.waitFor();
		await see(page.getByTestId('node-creator-item-description').first()).toContainText(
			NODE_DESCRIPTION.slice(0, 40),
		);
		await shot('node-search');
	}, 300_000);

	it('the payroll demo: canvas with readable subtitles, a run, the node panel and its output', async () => {
		const { id } = e2e.state.workflows['sandbox/payroll-hand-off'];
		await page.goto(`${n8n.server.url}/workflow/${id}`);
		await page.getByText('Payroll file columns').first().waitFor();
		await see(page.getByText('Payroll Export: Get Import Lines').first()).toBeVisible();
		await page.getByTestId('execute-workflow-button').click();
		// The run has ended when every node of the demo shows its success mark.
		await page.waitForFunction(
			'document.querySelectorAll(\'[data-test-id="canvas-node-status-success"]\').length >= 5',
			undefined,
			{ timeout: 180_000 },
		);
		// ...and the run button shows its label again (while running it is a spinner).
		await page
			.getByTestId('execute-workflow-button')
			.filter({ hasText: /Execute/ })
			.waitFor();
		await shot('payroll-hand-off-canvas');

		await canvasNode('Approved payroll lines, last month').dblclick();
		await page.getByTestId('ndv').waitFor();
		// The operation is a select: its chosen option is the input's value (or the selected
		// item's text in element-plus' select), not a text node getByText can find.
		await see(page.getByTestId('ndv').getByTestId('parameter-input-operation')).toShowValue(
			'Get Import Lines',
		);
		await shot('payroll-hand-off-node');
		await page.getByTestId('ndv-close-button').click();
		await page.getByTestId('ndv').waitFor({ state: 'hidden' });

		await canvasNode('Payroll file columns').dblclick();
		const ndv = page.getByTestId('ndv');
		await ndv.waitFor();
		await see(ndv.getByText('payrollTypeCode').first()).toBeVisible();
		await shot('payroll-hand-off-output');
	}, 400_000);

	it("the warehouse demo: its note, the active workflow's first run on the canvas, its rows in Postgres", async () => {
		const warehouse = e2e.state.warehouse;
		if (!warehouse || !('db' in warehouse))
			throw new Error(
				`The warehouse demo needs a Postgres: ${warehouse?.missing ?? 'none started'}`,
			);
		const { id } = e2e.state.workflows['sandbox/warehouse-sync'];
		// As `npm start` leaves it: database and credential there, the workflow active.
		await n8n.server.activateWorkflow(id);
		try {
			await waitFor(
				'a finished run of the warehouse sync',
				async () => (await executionsOf(n8n.server, id)).some((e) => e.status === 'success'),
				180_000,
			);
		} finally {
			await deactivateAndSettle(n8n.server, e2e.emulator, id);
		}
		const { host, port, database, user, password } = warehouse.db;
		const db = new Client({ host, port, database, user, password });
		await db.connect();
		try {
			const { rows } = await db.query<{ n: string }>(
				'SELECT count(*) AS n FROM workforce_time_registrations WHERE NOT deleted',
			);
			expect(Number(rows[0].n)).toBeGreaterThan(100);
		} finally {
			await db.end();
		}

		await page.goto(`${n8n.server.url}/workflow/${id}`);
		await canvasNode('Create table if missing').waitFor();
		await see(page.getByText('Needs').first()).toBeVisible();
		await shot('warehouse-sync-canvas');
		const run = (await executionsOf(n8n.server, id)).find((e) => e.status === 'success')!;
		await page.goto(`${n8n.server.url}/workflow/${id}/executions/${run.id}`);
		// The stored run on the canvas: the trigger, the table, the Merge and the upsert succeeded.
		await page.locator('[data-test-id="canvas-node-status-success"]').nth(3).waitFor();
		// The preview fades in: shoot once its transitions have ended.
		await page.waitForFunction('document.getAnimations().length === 0');
		await shot('warehouse-sync-run');
	}, 400_000);
});

/** What the page function reads of an element (the project compiles without the DOM lib). */
interface ShownElement {
	innerText: string;
	querySelectorAll(selector: 'input'): ArrayLike<{ value: string }>;
}

/** Playwright's locator assertions without its test runner: wait for the state, then check it. */
function see(locator: ReturnType<Page['locator']>) {
	return {
		async toBeVisible() {
			await locator.waitFor({ state: 'visible' });
		},
		/** The text shown by an input or select inside the locator: typed values count too. */
		async toShowValue(text: string) {
			const root = await locator.elementHandle();
			await locator.page().waitForFunction(
				({ root, wanted }) => {
					const el = root as unknown as ShownElement;
					const values = Array.from(el.querySelectorAll('input'), (input) => input.value);
					return [el.innerText, ...values].some((shown) => shown.includes(wanted));
				},
				{ root, wanted: text },
			);
		},
		async toContainText(text: string) {
			await locator.waitFor();
			const content = (await locator.textContent()) ?? '';
			if (!content.includes(text)) throw new Error(`expected "${content}" to contain "${text}"`);
		},
	};
}
