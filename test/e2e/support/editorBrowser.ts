import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, Locator, Page } from 'playwright-core';

import { E2E_OWNER } from './e2e';
import type { N8nServer } from './n8nServer';
import { REPO_ROOT } from './runtime';

/**
 * n8n's editor in headless Chromium (Debian's package, driven by playwright-core; no browser is
 * downloaded), signed in as the suite's owner, for the browser tests. `.ci/run` installs chromium
 * at /usr/bin/chromium; WF_CHROMIUM names another binary. Screenshots go to test/e2e/.artifacts/
 * (those in the README and docs are copied to docs/images/ by hand).
 */
const CHROMIUM = process.env.WF_CHROMIUM ?? '/usr/bin/chromium';
const ARTIFACTS = join(REPO_ROOT, 'test', 'e2e', '.artifacts');

export interface EditorBrowser {
	/** The signed-in page (set in beforeAll). */
	readonly page: Page;
	/** Saves a screenshot of the page as test/e2e/.artifacts/<name>.png. */
	shot(name: string): Promise<void>;
}

/** Starts Chromium and signs in before the file's tests; closes it after them. */
export function useEditorBrowser(server: () => N8nServer): EditorBrowser {
	if (!existsSync(CHROMIUM))
		throw new Error(
			`The browser test needs Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium, as .ci/run does) or set WF_CHROMIUM to a Chromium binary.`,
		);
	let browser: Browser | undefined;
	let page: Page | undefined;
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
		await page.goto(`${server().url}/signin`);
		await page.getByTestId('emailOrLdapLoginId').locator('input').fill(E2E_OWNER.email);
		await page.getByTestId('password').locator('input').fill(E2E_OWNER.password);
		await page.getByTestId('form-submit-button').click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
	}, 180_000);
	afterAll(async () => {
		await browser?.close();
	});
	return {
		get page() {
			if (!page) throw new Error('The browser is not started yet: use it inside a test');
			return page;
		},
		shot: async (name) => {
			await (page as Page).screenshot({ path: join(ARTIFACTS, `${name}.png`) });
		},
	};
}

/** Types into a node parameter's input as a user does (click, type, Enter); returns the input. */
export async function typeInto(panel: Locator, field: string, typed: string): Promise<Locator> {
	const input = panel.getByTestId(`parameter-input-${field}`).locator('input').first();
	await input.click();
	await input.fill(typed);
	await input.press('Enter');
	return input;
}
