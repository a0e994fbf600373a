import { useE2e } from './support/e2e';

/** Node name in the workflow -> the endpoint it reads. */
const NODES: Array<[string, string]> = [
	['Projects', '/v1/project'],
	['Work Orders (typed path)', '/v1/project/work-breakdown-structure'],
	['Users', '/v1/user'],
	['Resources', '/v1/resource'],
	['Absence Registrations', '/v1/absence-registrations'],
	['Machine Registrations', '/v1/machine-registrations'],
	['Checklist Registrations', '/v1/checklist-registrations'],
	['Incident Registrations', '/v1/incident-registrations'],
];

describe('Data Extraction > Get Records (Other Endpoint) in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	it('reads every emulated endpoint with Return All, 10 a page: each record once, the same records the service serves', async () => {
		const run = await e2e.run('dataExtractionOtherEndpoints');
		expect(run.error).toBeUndefined();
		const api = await e2e.emulator.apiRequests();
		expect(api.every((r) => r.api === 'extraction' && r.method === 'GET' && r.status === 200)).toBe(
			true,
		);
		expect(new Set(api.map((r) => r.path))).toEqual(new Set(NODES.map(([, path]) => path)));
		let paged = 0;
		for (const [node, path] of NODES) {
			const requests = api.filter((r) => r.path === path);
			const first = requests[0].query;
			// The service's own answer for the same filter, in one page (the machine-registration window the workflow computed included).
			const window =
				path === '/v1/machine-registrations'
					? `&FromDateTime=${encodeURIComponent(first.FromDateTime[0])}&ToDateTime=${encodeURIComponent(first.ToDateTime[0])}`
					: '';
			const page = (await e2e.emulator.extractionGet(`${path}?ChunkLimit=10000${window}`)) as {
				data: Array<{ id: string }>;
			};
			const expected = page.data.map((r) => r.id);
			expect({ node, count: expected.length > 0 }).toEqual({ node, count: true });
			const records = run.json(node);
			expect({ node, ids: records.map((r) => String(r.id)) }).toEqual({ node, ids: expected });
			expect({ node, pages: requests.length }).toEqual({
				node,
				pages: Math.max(1, Math.ceil(expected.length / 10)),
			});
			for (const r of requests.slice(1)) {
				const { ContinuationToken, ...rest } = r.query;
				expect(rest).toEqual(first);
				expect(ContinuationToken).toHaveLength(1);
			}
			if (requests.length > 1) paged++;
		}
		expect(paged).toBeGreaterThanOrEqual(6);
		// The window is the 6 days the workflow's expressions name, within the 7 the service allows.
		const machine = api.find((r) => r.path === '/v1/machine-registrations')!.query;
		expect(Date.parse(machine.ToDateTime[0]) - Date.parse(machine.FromDateTime[0])).toBe(
			6 * 86_400_000,
		);
	});
});
