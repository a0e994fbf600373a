import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';

/** ToDateTime is inclusive (behaviour notes): the node's checks, wording and the windows it chains itself. */
describe('Data Extraction: inclusive To Date Time', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 1500, pageSize: 500 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const base = { resource: 'dataExtraction', operation: 'getTimeRegistrations', returnAll: true };

	it('equal ends are a valid window (that one instant): sent as they are, the records of that work date come back', async () => {
		const day = `${data().timeRegistration(700).workDate as string}T00:00:00Z`;
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, fromDateTime: day, toDateTime: day },
		});
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((r) => `${r.workDate as string}T00:00:00Z` === day)).toBe(true);
		expect(fx.apiRequests()[0].query).toMatchObject({ FromDateTime: [day], ToDateTime: [day] });
	});

	it('a record dated exactly at To Date Time is returned', async () => {
		const day = data().timeRegistration(700).workDate as string;
		const from = new Date(Date.parse(`${day}T00:00:00Z`) - 2 * 86_400_000).toISOString();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, fromDateTime: from, toDateTime: `${day}T00:00:00Z` },
		});
		expect(jsonOf(result).some((r) => r.workDate === day)).toBe(true);
	});

	it('To Date Time before From Date Time is refused before any request, naming both fields and the inclusive rule', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				...base,
				fromDateTime: '2026-02-01T00:00:00Z',
				toDateTime: '2026-01-31T23:59:59.999Z',
			},
		});
		expect(result.error?.message).toBe('To Date Time must not be earlier than From Date Time');
		expect((result.error as { description?: string }).description).toMatch(
			/Both ends are included/,
		);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('the field descriptions call ToDateTime inclusive, never exclusive', async () => {
		const { Workforce } = await import('../../../nodes/Workforce/Workforce.node');
		const props = new Workforce().description.properties.filter((p) => p.name === 'toDateTime');
		expect(props.length).toBeGreaterThan(0);
		for (const p of props) {
			expect(p.description).toMatch(/inclusive/);
			expect(p.description).not.toMatch(/exclusive/);
		}
	});

	const sandboxWorkflow = (name: string) =>
		JSON.parse(
			readFileSync(join(__dirname, '../../../sandbox/workflows', `${name}.json`), 'utf8'),
		) as { nodes: Array<{ name: string; parameters: Record<string, unknown> }> };

	it('sandbox workflow extraction-now ends its window 1 ms before today, so a next window can start at today', () => {
		const node = sandboxWorkflow('extraction-now').nodes.find(
			(n) => n.parameters.toDateTime !== undefined,
		)!;
		expect(node.parameters.toDateTime).toBe('={{ $today.minus({ milliseconds: 1 }).toISO() }}');
	});

	it('sandbox workflow nightly-extraction reads incrementally up to an exclusive end, which the next run starts from', () => {
		const { nodes } = sandboxWorkflow('nightly-extraction');
		const read = nodes.find((n) => n.parameters.resource === 'dataExtraction')!;
		// No inclusive To Date Time: Modified Before is exclusive, so consecutive windows share nothing.
		expect(read.parameters.toDateTime).toBeUndefined();
		expect(read.parameters.options).toEqual({
			modifiedSince: '={{ $json.modifiedSince }}',
			modifiedBefore: '={{ $json.modifiedBefore }}',
		});
		const code = (name: string) => String(nodes.find((n) => n.name === name)!.parameters.jsCode);
		expect(code('Window since the last run')).toMatch(/modifiedSince: cursor\.readUpTo \?\?/);
		expect(code('Remember where this run ended')).toMatch(/\.readUpTo = window\.modifiedBefore;/);
	});
});
