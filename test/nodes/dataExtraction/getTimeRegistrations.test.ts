import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';

const base = { resource: 'dataExtraction', operation: 'getTimeRegistrations' };
const fast = { retries: 3, retryDelay: 5 };

describe('Data Extraction > Get Time Registrations', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 3000, pageSize: 500 } });
	const data = () => fx.emulator.ctx.sections.workData.data;

	it('Return All follows every continuation token, unchanged, resending every other parameter; each record once', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				...base,
				returnAll: true,
				fromDateTime: '2000-01-01T00:00:00',
				toDateTime: '2100-01-01T00:00:00Z',
				options: { chunkLimit: 400 },
				additionalQuery: { parameter: [{ name: 'IncludeInvoiced', value: 'true' }] },
			},
		});
		expect(result.error).toBeUndefined();
		const items = jsonOf(result);
		expect(items).toHaveLength(data().count);
		expect(new Set(items.map((r) => r.id)).size).toBe(data().count);
		expect(result.items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		const requests = fx.apiRequests();
		expect(requests).toHaveLength(Math.ceil(data().count / 400));
		expect(
			requests.every(
				(r) => r.api === 'extraction' && r.path === '/v1/time-registrations' && r.status === 200,
			),
		).toBe(true);
		expect(requests[0].query).toEqual({
			FromDateTime: ['2000-01-01T00:00:00Z'],
			ToDateTime: ['2100-01-01T00:00:00Z'],
			ChunkLimit: ['400'],
			IncludeInvoiced: ['true'],
		});
		expect(requests[0].query.ContinuationToken).toBeUndefined();
		for (let i = 1; i < requests.length; i++) {
			const { ContinuationToken, ...rest } = requests[i].query;
			expect(rest).toEqual(requests[0].query);
			// The token sent is exactly the one the previous page answered.
			expect(ContinuationToken).toHaveLength(1);
			expect(requests[i].search).toContain(
				`ContinuationToken=${encodeURIComponent(ContinuationToken[0])}`,
			);
		}
		expect(fx.tokenRequests()).toHaveLength(1);
	});

	it('Limit stops early without extra requests and asks for a page of that size', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: false, limit: 30 },
		});
		expect(jsonOf(result)).toHaveLength(30);
		const requests = fx.apiRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({ ChunkLimit: ['30'] });
	});

	it('Limit over several pages asks only for the pages it needs', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: false, limit: 1200, options: { chunkLimit: 500 } },
		});
		expect(jsonOf(result)).toHaveLength(1200);
		expect(fx.apiRequests()).toHaveLength(3);
	});

	it('a 401 in the middle of pagination refreshes the token once and continues', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 2,
			action: { kind: 'expireTokens' },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true, options: { ...fast } },
		});
		expect(result.error).toBeUndefined();
		expect(new Set(jsonOf(result).map((r) => r.id)).size).toBe(data().count);
		expect(jsonOf(result)).toHaveLength(data().count);
		expect(fx.tokenRequests()).toHaveLength(2);
		const statuses = fx.apiRequests().map((r) => r.status);
		expect(statuses.filter((s) => s === 401)).toHaveLength(1);
		expect(statuses[2]).toBe(401);
	});

	it('a 500, a timeout-like drop and a 503 on pages are retried with backoff and the run completes', async () => {
		const faults = fx.emulator.ctx.faults;
		faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 1,
			count: 2,
			action: { kind: 'status', status: 500 },
		});
		faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 3,
			action: { kind: 'drop' },
		});
		faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 4,
			action: { kind: 'status', status: 503 },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true, options: { ...fast } },
		});
		expect(result.error).toBeUndefined();
		expect(new Set(jsonOf(result).map((r) => r.id)).size).toBe(jsonOf(result).length);
		expect(jsonOf(result)).toHaveLength(data().count);
		const faulted = fx.apiRequests().filter((r) => r.fault);
		expect(faulted.map((r) => r.fault)).toEqual(['status', 'status', 'drop', 'status']);
	});

	it('a page that keeps failing is retried a bounded number of times, then fails saying how far it got', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 2,
			count: 100,
			action: { kind: 'status', status: 500 },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true, options: { retries: 2, retryDelay: 5 } },
		});
		expect(result.error?.message).toBe(
			'Get Time Registrations failed: page 3 still failed after 3 attempts (2 pages and 1000 records received before it stopped): Get Time Registrations failed (HTTP 500): An unexpected error occurred.',
		);
		expect(result.items).toHaveLength(0);
		expect(fx.apiRequests()).toHaveLength(5);
	});

	it('a 400 is not retried', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			action: {
				kind: 'status',
				status: 400,
				body: { message: 'bad', errors: [{ field: 'IncludeInvoiced', message: 'unknown' }] },
			},
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true, options: { ...fast } },
		});
		expect(result.error?.message).toContain('IncludeInvoiced: unknown');
		expect(fx.apiRequests()).toHaveLength(1);
	});

	it.each([
		[
			{ options: { modifiedBefore: '2026-01-01T00:00:00Z' } },
			'Modified Before needs Modified Since',
		],
		[
			{
				options: { modifiedSince: '2026-01-02T00:00:00Z', modifiedBefore: '2026-01-01T00:00:00Z' },
			},
			'Modified Before must be later than Modified Since',
		],
		[{ options: { chunkLimit: 0 } }, 'Chunk Limit must be a whole number from 1 to 10000, not 0'],
		[{ fromDateTime: 'last tuesday' }, 'From Date Time is not a date-time: "last tuesday"'],
		[
			{ fromDateTime: '2026-02-01T00:00:00Z', toDateTime: '2026-01-01T00:00:00Z' },
			'To Date Time must not be earlier than From Date Time',
		],
		[
			{ additionalQuery: { parameter: [{ name: 'ContinuationToken', value: 'x' }] } },
			'Additional query parameter "ContinuationToken" is set by the node',
		],
	])('refuses %j before calling', async (extra, message) => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true, ...extra },
		});
		expect(result.error?.message).toBe(message);
		expect(fx.apiRequests()).toHaveLength(0);
	});
});

describe('Data Extraction > Get Time Registrations: incremental mode', () => {
	// Its own emulator: the case deletes and changes records, which the full reads above count.
	const fx = useEmulator({ workData: { timeRegistrations: 100, pageSize: 500 } });
	const data = () => fx.emulator.ctx.sections.workData.data;

	it('incremental mode passes ModifiedSince/ModifiedBefore and tombstones through as they are; page facts on request', async () => {
		const clock = fx.emulator.ctx.clock;
		clock.advance(3_600_000);
		const since = clock.nowIso();
		const deleted = data().timeRegistrationId(5);
		data().deleteTimeRegistration(deleted);
		const changed = data().timeRegistrationId(6);
		data().changeTimeRegistration(changed, { description: 'Corrected' });
		clock.advance(1000);
		const before = clock.nowIso();
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: {
				...base,
				returnAll: true,
				options: { modifiedSince: since, modifiedBefore: before, includePageFacts: true },
			},
		});
		const items = jsonOf(result);
		expect(items).toEqual([
			{
				id: deleted,
				isDeleted: true,
				deletedDateTime: expect.any(String),
				modifiedDateTime: expect.any(String),
				_page: {
					pageNumber: 1,
					syncTypeName: 'incremental',
					recordCount: 2,
					deletedRecordCount: 1,
				},
			},
			expect.objectContaining({ id: changed, description: 'Corrected', isDeleted: false }),
		]);
		expect(fx.apiRequests()[0].query).toEqual({
			ModifiedSince: [since.replace('.000Z', 'Z')],
			ModifiedBefore: [before.replace('.000Z', 'Z')],
		});
	});
});

describe('Data Extraction > Get Time Registrations: slow pages, dropped connections and broken envelopes', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 900, pageSize: 300 } });

	/**
	 * The slow page is held by the service until the node gives up on it, so it times out however
	 * fast the machine is; the timeout only has to be far longer than an ordinary page, which takes
	 * milliseconds even on a loaded machine (300 ms here once failed under load).
	 */
	const TIMEOUT_MS = 3000;

	it('a page slower than the timeout is retried and the run completes', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 1,
			action: { kind: 'hold' },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true, options: { timeout: TIMEOUT_MS, retryDelay: 5 } },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(900);
		expect(new Set(jsonOf(result).map((r) => r.id)).size).toBe(900);
		expect(fx.apiRequests().map((r) => r.fault)).toEqual([undefined, 'hold', undefined, undefined]);
		expect(fx.apiRequests()[1].status).toBeUndefined(); // never answered: the node gave up on it
	});

	it('a connection dropped on every attempt fails with the progress and the cause', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 1,
			count: 10,
			action: { kind: 'drop' },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true, options: { retries: 1, retryDelay: 5 } },
		});
		expect(result.error?.message).toMatch(
			/^Get Time Registrations failed: page 2 still failed after 2 attempts \(1 page and 300 records received before it stopped\): .*(connection dropped|ECONNRESET|socket hang up|closed unexpectedly)/,
		);
		expect(fx.apiRequests()).toHaveLength(3);
	});

	it('a page cut off part of the way through is asked for again, and every record arrives once', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 1,
			action: { kind: 'truncate' },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true, options: { retryDelay: 5 } },
		});
		expect(result.error).toBeUndefined();
		expect(new Set(jsonOf(result).map((r) => r.id)).size).toBe(900);
		expect(jsonOf(result)).toHaveLength(900);
		const requests = fx.apiRequests();
		expect(requests.map((r) => r.fault)).toEqual([undefined, 'truncate', undefined, undefined]);
		// The retry resends exactly the request that was cut off.
		expect(requests[2].search).toBe(requests[1].search);
	});

	it('a page cut off on every attempt fails with the progress, and outputs nothing', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 2,
			count: 10,
			action: { kind: 'truncate', bytes: 2000 },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true, options: { retries: 2, retryDelay: 5 } },
		});
		expect(result.error?.message).toBe(
			'Get Time Registrations failed: page 3 still failed after 3 attempts (2 pages and 600 records received before it stopped): Get Time Registrations failed: connection dropped',
		);
		expect(result.items).toHaveLength(0);
		expect(fx.apiRequests()).toHaveLength(5);
	});

	it('a page whose answer stops arriving part of the way through is given up after the timeout and asked again', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			skip: 1,
			action: { kind: 'stall', bytes: 1000 },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true, options: { timeout: TIMEOUT_MS, retryDelay: 5 } },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(900);
		expect(new Set(jsonOf(result).map((r) => r.id)).size).toBe(900);
		expect(fx.apiRequests().map((r) => r.fault)).toEqual([
			undefined,
			'stall',
			undefined,
			undefined,
		]);
	});

	it('a service that answers the same token again is stopped instead of looping forever', async () => {
		// A reply the emulator never gives on its own: injected as a fault with a body.
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			count: 5,
			action: {
				kind: 'status',
				status: 200,
				body: { data: [{ id: 'a' }], continuationToken: 'same' },
			},
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true },
		});
		expect(result.error?.message).toBe(
			'Get Time Registrations failed: the service answered the same continuation token twice, so paging would never end (2 pages and 2 records received before it stopped)',
		);
		const requests = fx.apiRequests();
		expect(requests.map((r) => r.query.ContinuationToken)).toEqual([undefined, ['same']]);
	});

	it('a page that is not the extraction envelope is a clear error', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: '/v1/time-registrations',
			action: { kind: 'status', status: 200, body: '<html>maintenance</html>' },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, returnAll: true },
		});
		expect(result.error?.message).toBe(
			'Get Time Registrations failed: page 1 is not the extraction envelope ({ data, continuationToken }) (0 pages and 0 records received before it stopped)',
		);
		expect(fx.apiRequests()).toHaveLength(1);
	});
});
