import { E2E_TIME_REGISTRATIONS } from './support/emulator-process';
import { useE2e } from './support/e2e';

describe('Data Extraction Return All in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	it(`Get Time Registrations, Return All with 100 a page: all ${E2E_TIME_REGISTRATIONS} records, each exactly once, over 30 pages`, async () => {
		const run = await e2e.run('data-extraction-time-registrations-all');
		expect(run.error).toBeUndefined();
		const records = run.json('All Time Registrations');
		expect(records).toHaveLength(E2E_TIME_REGISTRATIONS);
		expect(new Set(records.map((r) => r.id)).size).toBe(E2E_TIME_REGISTRATIONS);
		const api = await e2e.emulator.apiRequests();
		expect(api).toHaveLength(E2E_TIME_REGISTRATIONS / 100);
		expect(api.every((r) => r.api === 'extraction' && r.method === 'GET' && r.path === '/v1/time-registrations' && r.status === 200)).toBe(true);
		expect(api[0].query).toEqual({ ChunkLimit: ['100'] });
		for (let i = 1; i < api.length; i++) {
			const { ContinuationToken, ...rest } = api[i].query;
			expect(rest).toEqual({ ChunkLimit: ['100'] });
			expect(ContinuationToken).toHaveLength(1);
		}
		// At most one token for the whole run (none when the credential still holds one from an earlier file), never one per page.
		expect((await e2e.emulator.tokenRequests()).length).toBeLessThanOrEqual(1);
	});
});
