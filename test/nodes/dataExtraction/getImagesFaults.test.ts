import { jsonOf } from '../../harness/execute';
import { rowKey } from '../../support/imagesClient';
import { DEMO, runner, useEmulator } from '../../support/emulatorFixture';
import { faultsOn } from '../../support/pageFaults';

const base = { resource: 'dataExtraction', operation: 'getImages', returnAll: true };
const fast = { retries: 3, retryDelay: 5 };

/** Get Images runs on the shared paginator: token refresh and bounded retries apply to its pages and file downloads too. */
describe('Data Extraction > Get Images: failures during paging', () => {
	const fx = useEmulator();
	const run = runner(fx, base);
	const fail = faultsOn(fx, { api: 'extraction', path: '/v1/images' });
	const expected = () =>
		fx.emulator.ctx.sections.images.allRows(DEMO.companies.parent).map(rowKey).sort();

	it('a 401 in the middle of paging refreshes the token once and continues; nothing lost or doubled', async () => {
		fail({ skip: 2, action: { kind: 'expireTokens' } });
		const result = await run({ options: { chunkLimit: 3, ...fast } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map(rowKey).sort()).toEqual(expected());
		expect(fx.tokenRequests()).toHaveLength(2);
		const statuses = fx.apiRequests().map((r) => r.status);
		expect(statuses.filter((s) => s === 401)).toHaveLength(1);
		expect(statuses[2]).toBe(401);
		// The refused page is asked again with the same token and filters.
		expect(fx.apiRequests()[3].query).toEqual(fx.apiRequests()[2].query);
	});

	it('a 500 and a dropped connection on pages are retried with backoff and the run completes', async () => {
		fail(
			{ skip: 1, action: { kind: 'status', status: 500 } },
			{ skip: 3, action: { kind: 'drop' } },
		);
		const result = await run({ options: { chunkLimit: 3, ...fast } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map(rowKey).sort()).toEqual(expected());
		expect(
			fx
				.apiRequests()
				.filter((r) => r.fault)
				.map((r) => r.fault),
		).toEqual(['status', 'drop']);
	});

	it('a page that keeps failing fails after a bounded number of attempts, saying how far it got', async () => {
		fail({ skip: 1, count: 100, action: { kind: 'status', status: 500 } });
		const result = await run({ options: { chunkLimit: 1, retries: 2, retryDelay: 5 } });
		expect(result.error?.message).toMatch(
			/^Get Images failed: page 2 still failed after 3 attempts \(1 page and \d+ records? received before it stopped\)/,
		);
		expect(result.items).toHaveLength(0);
		expect(fx.apiRequests()).toHaveLength(4);
	});

	it('a 401 on an image download refreshes the token and the download completes', async () => {
		faultsOn(fx, { api: 'integration', path: '/api/file/' })({ action: { kind: 'expireTokens' } });
		const result = await run({
			returnAll: false,
			limit: 1,
			sources: ['alert'],
			downloadImage: 'thumbnail',
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].binary?.data?.mimeType).toBe('image/png');
		const files = fx.apiRequests().filter((r) => r.path.startsWith('/api/file/'));
		expect(files.map((r) => r.status)).toEqual([401, 200]);
		expect(fx.tokenRequests()).toHaveLength(2);
	});
});
