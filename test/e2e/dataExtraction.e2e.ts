import { E2E_TIME_REGISTRATIONS } from './support/emulatorProcess';
import { useE2e } from './support/e2e';

describe('Data Extraction Return All in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	it(`Get Time Registrations, Return All with 100 a page: all (about ${E2E_TIME_REGISTRATIONS}) records, each exactly once, over 30 or more pages`, async () => {
		const run = await e2e.run('dataExtractionTimeRegistrationsAll');
		expect(run.error).toBeUndefined();
		const api = await e2e.emulator.apiRequests();
		const tokens = await e2e.emulator.tokenRequests();
		// What the service holds now (the trigger file may have added or deleted a few): one page of 10000, read after the log.
		const page = (await e2e.emulator.extractionGet('/v1/time-registrations?ChunkLimit=10000')) as
			| { data?: Array<{ id: string }> }
			| Array<{ id: string }>;
		const expected = (Array.isArray(page) ? page : (page.data ?? [])).map((r) => r.id).sort();
		expect(expected.length).toBeGreaterThanOrEqual(E2E_TIME_REGISTRATIONS - 5);
		const records = run.json('All Time Registrations');
		expect(records.map((r) => String(r.id)).sort()).toEqual(expected);
		expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
		expect(api).toHaveLength(Math.ceil(expected.length / 100));
		expect(
			api.every(
				(r) =>
					r.api === 'extraction' &&
					r.method === 'GET' &&
					r.path === '/v1/time-registrations' &&
					r.status === 200,
			),
		).toBe(true);
		expect(api[0].query).toEqual({ ChunkLimit: ['100'] });
		for (let i = 1; i < api.length; i++) {
			const { ContinuationToken, ...rest } = api[i].query;
			expect(rest).toEqual({ ChunkLimit: ['100'] });
			expect(ContinuationToken).toHaveLength(1);
		}
		// At most one token for the whole run (none when the credential still holds one from an earlier file), never one per page.
		expect(tokens.length).toBeLessThanOrEqual(1);
	});
});
