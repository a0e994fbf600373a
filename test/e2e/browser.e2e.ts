import type { Locator, Page } from 'playwright-core';
import { Client } from 'pg';

import { NODE_DESCRIPTION } from '../../nodes/shared/nodeDescription';
import { eventProperty } from '../../nodes/WorkforceTrigger/properties';
import { getOption } from '../../nodes/Workforce/resources/payrollExport/get';
import { getSummaryLinesOption } from '../../nodes/Workforce/resources/payrollExport/getSummaryLines';
import {
	completenessMessage,
	stopMessage,
	type Completeness,
} from '../../nodes/Workforce/resources/payrollExport/completeness';
import {
	countWords,
	periodMessage,
	periodText,
} from '../../nodes/Workforce/resources/payrollExport/periodSummary';
import { useE2e, useN8nServer } from './support/e2e';
import { typeInto, useEditorBrowser } from './support/editorBrowser';
import type { LoggedRequest } from '../emulator/control/requestLog';
import {
	deactivateAndSettle,
	executionItems,
	executionNodeRun,
	executionsOf,
	finished,
	type ExecutionSummary,
	type NodeRun,
} from './support/executions';
import { n8nEnv } from './support/n8nEnv';
import { waitFor } from './support/runtime';

/**
 * The editor as a new user meets it, in headless Chromium (Debian's package, driven by
 * playwright-core; no browser is downloaded): the node in n8n's search, the payroll demo on the
 * canvas, run, with its node panel and output; the warehouse demo active as `npm start` leaves it,
 * its run on the canvas and its rows in the sandbox-like Postgres; a payroll clerk's new node
 * (version 2): dates typed in both forms or refused by name, no calendar, no sequence of typing,
 * Enter, Tab and retyping sending another period, Last Month, the period shown with every run, and
 * hours not yet approved warned of or stopped on (issue 44). Screenshots go to
 * test/e2e/.artifacts/ (some are in the README and docs, copied to docs/images/ by hand). `.ci/run`
 * installs Debian's chromium at /usr/bin/chromium; WF_CHROMIUM names another binary.
 */

describe('The editor in a browser', () => {
	const e2e = useE2e();
	const n8n = useN8nServer();
	const editor = useEditorBrowser(() => n8n.server);
	let page: Page;
	beforeAll(() => {
		page = editor.page;
	});

	const canvasNode = (name: string) =>
		page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
	const shot = editor.shot;
	const payrollRequests = async () =>
		(await e2e.emulator.apiRequests()).filter((r) => r.path.startsWith('/api/payroll-export'));
	/** Asserts the payroll requests since the mark: the export and its check against All Data, both with `query`. */
	const exportAndCheck = async (query: Record<string, string[]>) => {
		const requests = await payrollRequests();
		expect(requests.map((r) => r.query)).toEqual(
			['0', '10'].map((dataFilter) =>
				expect.objectContaining({ ...query, dataFilter: [dataFilter] }),
			),
		);
		return requests;
	};
	/** The service's own answer to a request the node sent, asked again by the test. */
	const serviceRows = async (request: LoggedRequest | undefined) => {
		if (!request) throw new Error('The node sent fewer payroll requests than expected');
		return (await e2e.emulator.serviceGet(`${request.path}?${request.search}`)) as Row[];
	};

	/** A new workflow's first step: the node search with "Workforce" typed; its item for the node. */
	const searchWorkforce = async () => {
		await page.goto(`${n8n.server.url}/workflow/new`);
		await page
			.getByTestId('canvas-add-first-step-button')
			.or(page.getByTestId('canvas-add-button'))
			.first()
			.click();
		await page.getByTestId('node-creator-search-bar').fill('Workforce');
		return page
			.getByTestId('node-creator-item-name')
			.filter({ hasText: /^Workforce$/ })
			.first();
	};

	/** Unfolds the node creator's actions (from the first step n8n opens the triggers and folds them). */
	const unfoldActions = () =>
		page
			.getByTestId('node-creator')
			.getByText(/^Actions \(\d+\)$/)
			.first()
			.click();

	/** Adds the node of the creator's action named (version 2), its panel open, the suite's credential chosen. */
	const addAction = async (action: string) => {
		await page.getByTestId('node-creator').getByText(action, { exact: true }).first().click();
		const ndv = page.getByTestId('ndv');
		await ndv.waitFor();
		const credential = ndv.getByTestId('node-credentials-select').locator('input').first();
		await credential.waitFor();
		if ((await credential.inputValue()) !== e2e.state.credential.name) {
			await credential.click();
			await page
				.getByTestId('node-credentials-select-item')
				.or(page.getByRole('option'))
				.filter({ hasText: e2e.state.credential.name })
				.first()
				.click();
		}
		return ndv;
	};

	/** A new workflow with a clerk's new Payroll Export > Get Import Lines node, its panel open. */
	const newImportLinesNode = async () => {
		await (await searchWorkforce()).click();
		await unfoldActions();
		return await addAction(getSummaryLinesOption.action!);
	};

	/** Chooses an option of a select parameter (node or Settings) by its name. */
	const choose = async (panel: Locator, field: string, option: string) => {
		await panel.getByTestId(`parameter-input-${field}`).click();
		const name = new RegExp(`^${option.replace(/[()]/g, '\\$&')}`);
		await page.getByRole('option', { name }).first().click();
		await see(panel.getByTestId(`parameter-input-${field}`)).toShowValue(option);
	};

	/** A version 2 work date field's text input. */
	const workDate = (ndv: Locator, field: 'fromWorkDate' | 'toWorkDate') =>
		ndv.getByTestId(`parameter-input-${field}`).locator('input, textarea').first();

	/** Date pickers on screen (element-plus' panel, which n8n's dateTime parameters open on a click). */
	const datePickers = () => page.locator('.el-picker-panel:visible');

	/** The workflow's id once the editor has saved it (it saves a new workflow when it runs). */
	const savedWorkflowId = () =>
		/^\/workflow\/(?!new)([^/]+)/.exec(new URL(page.url()).pathname)?.[1];

	/** The name of the workflow's Workforce node, as n8n saved it. */
	const workforceNode = async (workflowId: string) => {
		const workflow = await n8n.server.rest<{
			nodes: Array<{ name: string; type: string; typeVersion: number }>;
		}>('GET', `/rest/workflows/${workflowId}`);
		return workflow.nodes.find((n) => n.type === 'n8n-nodes-workforce.workforce')!;
	};

	/**
	 * Runs the open node as the clerk does (its execute button; the emulator's log marked first) and
	 * waits until n8n has stored the run as ended: the run, and the node's items, hints and error.
	 */
	const runNode = async (ndv: Locator) => {
		const saved = savedWorkflowId();
		const known = saved ? (await executionsOf(n8n.server, saved)).length : 0;
		await e2e.emulator.mark();
		await ndv.getByTestId('node-execute-button').click();
		await page.waitForURL((url) => /^\/workflow\/(?!new)[^/]+/.test(url.pathname));
		const workflowId = savedWorkflowId()!;
		let execution: ExecutionSummary | undefined;
		await waitFor(
			'the node run',
			async () => {
				const runs = await executionsOf(n8n.server, workflowId);
				execution = runs.length > known && runs.every(finished) ? runs.at(-1) : undefined;
				return execution !== undefined;
			},
			180_000,
		);
		const node = await workforceNode(workflowId);
		return {
			workflowId,
			execution: execution!,
			node: await executionNodeRun(n8n.server, execution!.id, node.name),
		};
	};

	/** The execution hint over the node's output that holds `text`. */
	const outputHint = (ndv: Locator, text: string) =>
		ndv.getByTestId('output-panel').getByTestId('node-hint').filter({ hasText: text }).first();

	/**
	 * The period hint every version 2 run shows (issue 44): the text the node's own builder makes of
	 * the period, n8n's zone (the suite's instance, no workflow zone), the defaults' filters and the
	 * lines the run output; asserts it is stored with the run and on screen over the output.
	 */
	const seePeriod = async (
		ndv: Locator,
		run: NodeRun,
		from: string,
		to: string,
		period: string,
	) => {
		const lines = run.outputs[0] ?? [];
		const text = periodText({
			from,
			to,
			period,
			timeZone: n8nEnv({ userFolder: '', port: 0, brokerPort: 0 }).GENERIC_TIMEZONE!,
			userPayrollTypeFilter: 'all-users',
			userIds: [],
			filters: [],
			dataFilter: 0,
			words: countWords(lines.length, new Set(lines.map((r) => r.employeeNumber)).size, 'line'),
		});
		expect(run.hints.map((h) => h.message)).toContain(periodMessage(text));
		await see(outputHint(ndv, 'Payroll export:')).toContainText(periodMessage(text));
		return text;
	};

	it('the node search finds the package and shows what it pushes and pulls', async () => {
		const item = await searchWorkforce();
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
		// ...and its spinner has stopped (the shot is in the docs); the toast, which fades some
		// seconds later, is hidden for this page rather than waited for.
		await page.addStyleTag({ content: '.el-notification { display: none !important; }' });
		await page.waitForFunction('document.getAnimations().length === 0');
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

	it("the instance's time zone is one of n8n's list (Workflow Settings shows it as valid)", async () => {
		// n8n's list has Etc/UTC, not UTC: an instance started with UTC reads "Default Timezone not valid".
		const zones = await n8n.server.rest<Record<string, string>>('GET', '/rest/options/timezones');
		const instance = n8nEnv({ userFolder: '', port: 0, brokerPort: 0 }).GENERIC_TIMEZONE!;
		expect(Object.keys(zones)).toContain(instance);
		expect(Object.keys(zones)).not.toContain('UTC');
	});

	it("a payroll clerk's new node: the actions read right, dates typed 01.10.2026 or 2026-10-01 are read, 01/10/2026 is refused by name, Last Month gives every employee's lines", async () => {
		await (await searchWorkforce()).click();
		// The node's actions as n8n lists them: the trigger's events (their `action` as written) and
		// the payroll actions a clerk can tell apart.
		const creator = page.getByTestId('node-creator');
		const triggerEvents = (eventProperty.options as Array<{ action: string }>).map((o) => o.action);
		const payrollActions = [getOption.action!, getSummaryLinesOption.action!];
		await see(creator.getByText(triggerEvents[0], { exact: true }).first()).toBeVisible();
		// From the first step n8n opens the triggers and folds the actions: unfold them.
		await unfoldActions();
		await shot('node-actions');
		for (const text of [...triggerEvents, ...payrollActions])
			await see(creator.getByText(text, { exact: true }).first()).toBeVisible();

		// A new node from the action: version 2, Payroll Export > Get Import Lines.
		const ndv = await addAction(getSummaryLinesOption.action!);
		await see(ndv.getByTestId('parameter-input-period')).toShowValue('Last Month');

		// The clerk wants October and writes dates the way a Norwegian office does.
		await ndv.getByTestId('parameter-input-period').click();
		await page.getByRole('option', { name: /^Date Range/ }).waitFor();
		await page.waitForFunction('document.getAnimations().length === 0');
		await shot('payroll-period-choice');
		await page.getByRole('option', { name: /^Date Range/ }).click();
		// Version 2's work dates are text fields (issue 44): read exactly, or refused by name.
		const typeDates = async (from: string, to: string) => {
			for (const [field, typed] of [
				['fromWorkDate', from],
				['toWorkDate', to],
			]) {
				const input = workDate(ndv, field as 'fromWorkDate' | 'toWorkDate');
				await input.click();
				await input.fill(typed);
				await input.press('Tab');
				// What was typed stays in the field: no picker drops, keeps or replaces it.
				expect(await input.inputValue()).toBe(typed);
			}
			await e2e.emulator.mark();
			await ndv.getByTestId('node-execute-button').click();
		};
		await typeDates('01/10/2026', '31.10.2026');
		const message = ndv.getByTestId('node-error-message');
		await see(message).toContainText('From Work Date is ambiguous: "01/10/2026"');
		await see(ndv.getByTestId('node-error-description')).toContainText(
			'Type it as 2026-10-01 (yyyy-MM-dd) or 01.10.2026 (dd.MM.yyyy)',
		);
		// Refused before any request: no month guessed.
		expect(await payrollRequests()).toEqual([]);
		await page.waitForFunction('document.getAnimations().length === 0');
		await shot('payroll-date-range-refusal');
		// Typed over the filled field: the new day is the one sent. The editor saves a new
		// workflow when it runs; its successful runs say when each run has ended.
		await page.waitForURL((url) => /^\/workflow\/(?!new)[^/]+/.test(url.pathname));
		const workflowId = new URL(page.url()).pathname.split('/')[2];
		const succeeded = async () =>
			(await executionsOf(n8n.server, workflowId)).filter((e) => e.status === 'success');
		await typeDates('2026-10-01', '31.10.2026');
		await waitFor('the Date Range run', async () => (await succeeded()).length === 1, 180_000);
		await message.waitFor({ state: 'hidden' });
		// The export and its check against All Data, both for the days typed.
		await exportAndCheck({ fromWorkDate: ['2026-10-01'], toWorkDate: ['2026-10-31'] });

		// Last Month: the month before today in n8n's time zone (the suite's instance runs in UTC).
		await ndv.getByTestId('parameter-input-period').click();
		await page.getByRole('option', { name: /^Last Month/ }).click();
		await e2e.emulator.mark();
		await ndv.getByTestId('node-execute-button').click();
		await waitFor('the Last Month run', async () => (await succeeded()).length === 2, 180_000);
		await see(ndv.getByTestId('output-panel')).toShowText(/\d+ items/);
		await shot('payroll-last-month-output');

		const now = new Date();
		const month = {
			fromWorkDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
			toWorkDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)),
		};
		const [first, last] = [month.fromWorkDate, month.toWorkDate].map((d) =>
			d.toISOString().slice(0, 10),
		);
		// The export and its check against All Data (issue 44), for the same month and users.
		await exportAndCheck({
			fromWorkDate: [first],
			toWorkDate: [last],
			userPayrollTypeFilter: ['all-users'],
		});
		// The run as n8n stored it: the node is version 2, and its lines are last month's,
		// fixed-salary staff included.
		const workflow = await n8n.server.rest<{
			nodes: Array<{ name: string; type: string; typeVersion: number }>;
		}>('GET', `/rest/workflows/${workflowId}`);
		const node = workflow.nodes.find((n) => n.type === 'n8n-nodes-workforce.workforce')!;
		expect(node.typeVersion).toBe(2);
		const runs = await succeeded();
		const lines = await executionItems(n8n.server, runs[runs.length - 1].id, node.name);
		expect(lines.length).toBeGreaterThan(0);
		for (const line of lines)
			expect(String(line.date) >= first && String(line.date) <= last).toBe(true);
		const fixedPay = (await e2e.emulator.serviceGet(
			`/api/payroll-export/summary-as-lines?fromWorkDate=${first}&toWorkDate=${last}&dataFilter=0&userPayrollTypeFilter=fixed-pay`,
		)) as Array<{ employeeNumber: string }>;
		const fixedNumbers = [...new Set(fixedPay.map((l) => l.employeeNumber))];
		expect(fixedNumbers.length).toBeGreaterThan(0);
		const exported = new Set(lines.map((l) => String(l.employeeNumber)));
		expect(fixedNumbers.filter((n) => !exported.has(n))).toEqual([]);
	}, 400_000);

	it('version 2 work dates open no calendar: typing both forms, Enter (the OK key), Tab and retyping over a filled field send exactly the days shown', async () => {
		const ndv = await newImportLinesNode();
		await choose(ndv, 'period', 'Date Range');
		const [from, to] = [workDate(ndv, 'fromWorkDate'), workDate(ndv, 'toWorkDate')];
		/** Types as a clerk does: into the field (over all of it when filled), then a key. */
		const type = async (input: Locator, typed: string, key: 'Enter' | 'Tab') => {
			await input.click();
			await input.press('ControlOrMeta+a');
			await input.pressSequentially(typed);
			// A dateTime parameter's click opens its calendar (the Oslo case sees it): a text field none.
			expect(await datePickers().count()).toBe(0);
			await input.press(key);
			expect(await input.inputValue()).toBe(typed);
		};
		// September first, each day confirmed with Enter...
		await type(from, '01.09.2026', 'Enter');
		await type(to, '2026-09-30', 'Enter');
		// ...then the clerk changes their mind: October, typed over both filled fields.
		await type(from, '2026-10-01', 'Enter');
		await type(to, '31.10.2026', 'Tab');
		// Enter again on a filled field, and a click on each: nothing moves.
		await from.click();
		await from.press('Enter');
		await to.click();
		await to.press('Tab');
		expect([await from.inputValue(), await to.inputValue()]).toEqual(['2026-10-01', '31.10.2026']);
		expect(await datePickers().count()).toBe(0);

		const { execution, node } = await runNode(ndv);
		expect(execution.status).toBe('success');
		// October as shown, for the export and its check against All Data; September never asked.
		await exportAndCheck({ fromWorkDate: ['2026-10-01'], toWorkDate: ['2026-10-31'] });
		// ...and the period shown over the output is October.
		await seePeriod(ndv, node, '2026-10-01', '2026-10-31', 'dateRange');
		// The run left the fields as typed.
		expect([await from.inputValue(), await to.inputValue()]).toEqual(['2026-10-01', '31.10.2026']);
	}, 400_000);

	it('hours not yet approved: Export and Warn names who and how many, and every run the period exported; Stop fails naming them; with the error output the item goes there', async () => {
		// A new node's defaults: Last Month (the suite's n8n runs in Etc/UTC), all users, Only
		// Approved, Hours Not Yet Approved: Export and Warn. The emulator's supervisors approve in
		// weekly batches and miss a few hours for weeks, and on the 1st to the 4th one team's
		// month-end days are still open (test/emulator/extraction/workData.ts, lateApproval.ts): last
		// month always holds hours All Data has and Only Approved lacks. Read as the node reads it.
		const ndv = await newImportLinesNode();
		const now = new Date();
		const [first, last] = [
			new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)),
			new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)),
		].map((d) => d.toISOString().slice(0, 10));

		const warned = await runNode(ndv);
		expect(warned.execution.status).toBe('success');
		const [exportRequest, checkRequest] = await exportAndCheck({
			fromWorkDate: [first],
			toWorkDate: [last],
			userPayrollTypeFilter: ['all-users'],
		});
		// What the service holds for the node's own query, approved and All Data, and the gap.
		const approved = await serviceRows(exportRequest);
		const all = await serviceRows(checkRequest);
		const gap = gapOf(approved, all);
		if (gap.complete)
			throw new Error(`The emulator holds no hours not approved in ${first} to ${last}`);
		// The lines go out exactly as the service sends them; the period and the gap are said over them.
		expect(warned.node.outputs[0]).toEqual(approved);
		const period = await seePeriod(ndv, warned.node, first, last, 'lastMonth');
		const warning = completenessMessage(first, last, gap, 'line');
		expect(warned.node.hints).toEqual([
			expect.objectContaining({ message: periodMessage(period) }),
			expect.objectContaining({ message: warning, type: 'warning' }),
		]);
		// On screen over the output too, word for word, in the editor's warning colour.
		await see(outputHint(ndv, 'is not complete')).toContainText(warning);
		await page.waitForFunction('document.getAnimations().length === 0');
		await shot('payroll-hours-not-approved-warning');

		// Stop: nothing goes out, the run fails naming who and how many.
		await choose(ndv, 'hoursNotApproved', 'Stop');
		const stopped = await runNode(ndv);
		expect(stopped.execution.status).toBe('error');
		expect((await payrollRequests()).map((r) => r.query.dataFilter)).toEqual([['0'], ['10']]);
		const stop = stopMessage(first, last, gap, 'line');
		expect(stopped.node.error?.message).toBe(stop);
		expect(stopped.node.outputs.flat()).toEqual([]);
		await see(ndv.getByTestId('node-error-message')).toContainText(stop);
		await page.waitForFunction('document.getAnimations().length === 0');
		await shot('payroll-hours-not-approved-stop');

		// Settings > On Error: Continue (using error output): the stop is an item of the error output.
		await ndv.getByTestId('tab-settings').click();
		await choose(ndv, 'onError', 'Continue (using error output)');
		await ndv.getByTestId('tab-params').click();
		const routed = await runNode(ndv);
		expect(routed.execution.status).toBe('success');
		expect(routed.node.outputs).toEqual([
			[],
			[
				{
					error: stop,
					details: {
						completeness: gap,
						period: expect.objectContaining({
							text: period,
							fromWorkDate: first,
							toWorkDate: last,
						}),
					},
				},
			],
		]);
	}, 400_000);

	it("instants typed in the editor are n8n's time zone: a workflow in Europe/Oslo reads March from Oslo's midnight, across its DST change", async () => {
		// A copy of the e2e workflow in Europe/Oslo, so the editor's saves never touch the one
		// versionTwo.e2e.ts runs.
		const source = await n8n.server.rest<Record<string, unknown>>(
			'GET',
			`/rest/workflows/${e2e.state.workflows.versionTwoOsloTimeZone.id}`,
		);
		const { nodes, connections, settings } = source;
		expect(settings).toMatchObject({ timezone: 'Europe/Oslo' });
		const copy = await n8n.server.createWorkflow({
			name: 'Browser: instants in Europe/Oslo',
			nodes,
			connections,
			settings,
		});
		await page.goto(`${n8n.server.url}/workflow/${copy}`);
		await canvasNode('January in Oslo').dblclick();
		const ndv = page.getByTestId('ndv');
		await ndv.waitFor();
		// A dateTime parameter opens its calendar on a click (version 2's work dates do not).
		await ndv.getByTestId('parameter-input-fromDateTime').locator('input').first().click();
		await datePickers().first().waitFor();
		// Typed as the date-time picker shows them: Oslo is UTC+1 on 1 March, UTC+2 from 29 March.
		for (const [field, typed] of [
			['fromDateTime', '2026-03-01 00:00:00'],
			['toDateTime', '2026-03-31 23:59:59'],
		]) {
			await typeInto(ndv, field, typed);
			await see(ndv.getByTestId(`parameter-input-${field}`)).toShowValue(typed);
		}
		await e2e.emulator.mark();
		await ndv.getByTestId('node-execute-button').click();
		await see(ndv.getByTestId('output-panel')).toShowText(/1 item/);
		await shot('instants-in-oslo');
		const requests = (await e2e.emulator.apiRequests()).filter(
			(r) => r.path === '/v1/time-registrations',
		);
		expect(requests.map((r) => r.query)).toEqual([
			expect.objectContaining({
				FromDateTime: ['2026-02-28T23:00:00Z'],
				ToDateTime: ['2026-03-31T21:59:59Z'],
			}),
		]);
	}, 300_000);

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
		// The rows read back from the database: every change of the first run is there, and the
		// upsert's one item of counts (shown on screen below) says so.
		const run = (await executionsOf(n8n.server, id)).find((e) => e.status === 'success')!;
		const written = await executionItems(n8n.server, run.id, "Upsert the poll's changes");
		const changes = await executionItems(n8n.server, run.id, 'Time registrations changed');
		expect(changes.length).toBeGreaterThan(100);
		expect(written).toEqual([
			expect.objectContaining({ changes: changes.length, rows_written: expect.any(Number) }),
		]);
		const { host, port, database, user, password } = warehouse.db;
		const db = new Client({ host, port, database, user, password });
		await db.connect();
		try {
			const { rows } = await db.query<{ id: string; deleted: boolean }>(
				'SELECT id, deleted FROM workforce_time_registrations',
			);
			const inTable = new Map(rows.map((r) => [r.id, r.deleted]));
			expect(changes.filter((c) => !inTable.has(String(c.id)))).toEqual([]);
			expect(changes.filter((c) => inTable.get(String(c.id)) !== (c.event === 'deleted'))).toEqual(
				[],
			);
			expect([...inTable.values()].filter((deleted) => !deleted).length).toBeGreaterThan(100);
		} finally {
			await db.end();
		}

		await page.goto(`${n8n.server.url}/workflow/${id}`);
		await canvasNode('Create table if missing').waitFor();
		await see(page.getByText('Needs').first()).toBeVisible();
		await shot('warehouse-sync-canvas');
		await page.goto(`${n8n.server.url}/workflow/${id}/executions/${run.id}`);
		// The stored run on the canvas: the trigger, the table and the upsert succeeded.
		await page.locator('[data-test-id="canvas-node-status-success"]').nth(2).waitFor();
		// The preview fades in: shoot once its transitions have ended.
		await page.waitForFunction('document.getAnimations().length === 0');
		await shot('warehouse-sync-run');
		// The upsert's output: one item of counts for the whole poll.
		await canvasNode("Upsert the poll's changes").dblclick();
		const ndv = page.getByTestId('ndv');
		await ndv.waitFor();
		await see(ndv.getByText('rows_written').first()).toBeVisible();
		await see(ndv.getByText(String(changes.length)).first()).toBeVisible();
		await page.waitForFunction('document.getAnimations().length === 0');
		await shot('warehouse-sync-rows');
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
		/** Waits until the element's rendered text matches. */
		async toShowText(pattern: RegExp) {
			const root = await locator.elementHandle();
			await locator
				.page()
				.waitForFunction(
					({ root, source }) =>
						new RegExp(source).test((root as unknown as ShownElement).innerText),
					{ root, source: pattern.source },
				);
		},
		async toContainText(text: string) {
			await locator.waitFor();
			const content = (await locator.textContent()) ?? '';
			if (!content.includes(text)) throw new Error(`expected "${content}" to contain "${text}"`);
		},
	};
}

type Row = Record<string, unknown>;

/**
 * What All Data holds beyond the export, per employee, worked out apart from the node: the rows of
 * All Data the export does not hold as they are, and the hours All Data has beyond the export's;
 * largest first, as the node lists them.
 */
function gapOf(exported: Row[], all: Row[]): Completeness {
	const have = new Set(exported.map((r) => JSON.stringify(r)));
	const round = (n: number) => Math.round(n * 100) / 100;
	const byEmployee = new Map<string, { userName: string; hours: number; lines: number }>();
	const of = (row: Row) => {
		const number = String(row.employeeNumber);
		const entry = byEmployee.get(number) ?? { userName: String(row.userName), hours: 0, lines: 0 };
		byEmployee.set(number, entry);
		return entry;
	};
	for (const row of all) {
		of(row).hours += Number(row.qty);
		if (!have.has(JSON.stringify(row))) of(row).lines += 1;
	}
	for (const row of exported) of(row).hours -= Number(row.qty);
	const employees = [...byEmployee]
		.filter(([, e]) => e.lines > 0)
		.map(([employeeNumber, e]) => ({ employeeNumber, ...e, hours: round(e.hours) }))
		.sort((a, b) => b.hours - a.hours || a.userName.localeCompare(b.userName));
	return {
		complete: employees.length === 0,
		missing: 'not approved',
		lines: employees.reduce((n, e) => n + e.lines, 0),
		hours: round(employees.reduce((n, e) => n + e.hours, 0)),
		employees,
	};
}
