import type { FaultAction } from '../../emulator/control/faults';
import { jsonOf } from '../../harness/execute';
import { runner, useEmulator } from '../../support/emulatorFixture';
import { faultsOn, type PageRule } from '../../support/pageFaults';

const base = { resource: 'dataExtraction', operation: 'getTimeRegistrations' };
const fast = { retries: 3, retryDelay: 5 };

describe('Data Extraction > Get Time Registrations', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 3000, pageSize: 500 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const run = runner(fx, base);
	const fail = faultsOn(fx);

	it('Return All follows every continuation token, unchanged, resending every other parameter; each record once', async () => {
		const result = await run({
			returnAll: true,
			fromDateTime: '2000-01-01T00:00:00',
			toDateTime: '2100-01-01T00:00:00Z',
			options: { chunkLimit: 400 },
			additionalQuery: { parameter: [{ name: 'IncludeInvoiced', value: 'true' }] },
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
		const result = await run({ returnAll: false, limit: 30 });
		expect(jsonOf(result)).toHaveLength(30);
		const requests = fx.apiRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({ ChunkLimit: ['30'] });
	});

	it('Limit over several pages asks only for the pages it needs', async () => {
		const result = await run({ returnAll: false, limit: 1200, options: { chunkLimit: 500 } });
		expect(jsonOf(result)).toHaveLength(1200);
		expect(fx.apiRequests()).toHaveLength(3);
	});

	it('a 401 in the middle of pagination refreshes the token once and continues', async () => {
		fail({ skip: 2, action: { kind: 'expireTokens' } });
		const result = await run({ returnAll: true, options: fast });
		expect(result.error).toBeUndefined();
		expect(new Set(jsonOf(result).map((r) => r.id)).size).toBe(data().count);
		expect(jsonOf(result)).toHaveLength(data().count);
		expect(fx.tokenRequests()).toHaveLength(2);
		const statuses = fx.apiRequests().map((r) => r.status);
		expect(statuses.filter((s) => s === 401)).toHaveLength(1);
		expect(statuses[2]).toBe(401);
	});

	it('a 500, a timeout-like drop and a 503 on pages are retried with backoff and the run completes', async () => {
		fail(
			{ skip: 1, count: 2, action: { kind: 'status', status: 500 } },
			{ skip: 3, action: { kind: 'drop' } },
			{ skip: 4, action: { kind: 'status', status: 503 } },
		);
		const result = await run({ returnAll: true, options: fast });
		expect(result.error).toBeUndefined();
		expect(new Set(jsonOf(result).map((r) => r.id)).size).toBe(jsonOf(result).length);
		expect(jsonOf(result)).toHaveLength(data().count);
		const faulted = fx.apiRequests().filter((r) => r.fault);
		expect(faulted.map((r) => r.fault)).toEqual(['status', 'status', 'drop', 'status']);
	});

	it('a 400 is not retried', async () => {
		const body = { message: 'bad', errors: [{ field: 'IncludeInvoiced', message: 'unknown' }] };
		fail({ action: { kind: 'status', status: 400, body } });
		const result = await run({ returnAll: true, options: fast });
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
		const result = await run({ returnAll: true, ...extra });
		expect(result.error?.message).toBe(message);
		expect(fx.apiRequests()).toHaveLength(0);
	});
});

describe('Data Extraction > Get Time Registrations: incremental mode', () => {
	// Its own emulator: the case deletes and changes records, which the full reads above count.
	const fx = useEmulator({ workData: { timeRegistrations: 100, pageSize: 500 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const run = runner(fx, base);

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
		const result = await run({
			returnAll: true,
			options: { modifiedSince: since, modifiedBefore: before, includePageFacts: true },
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
	const run = runner(fx, { ...base, returnAll: true });
	const fail = faultsOn(fx);

	/**
	 * The slow page is held by the service until the node gives up on it, so it times out however
	 * fast the machine is; the timeout only has to be far longer than an ordinary page, which takes
	 * milliseconds even on a loaded machine (300 ms here once failed under load).
	 */
	const TIMEOUT_MS = 3000;

	it.each<{ case: string; action: FaultAction; timeout?: number; answered?: number }>([
		{ case: 'a page slower than the timeout', action: { kind: 'hold' }, timeout: TIMEOUT_MS },
		{ case: 'a page cut off part of the way through', action: { kind: 'truncate' }, answered: 200 },
		{
			case: 'a page whose answer stops arriving part of the way through (given up after the timeout)',
			action: { kind: 'stall', bytes: 1000 },
			timeout: TIMEOUT_MS,
			answered: 200,
		},
	])('$case is asked for again, and every record arrives once', async (row) => {
		fail({ skip: 1, action: row.action });
		const result = await run({ options: { timeout: row.timeout, retryDelay: 5 } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(900);
		expect(new Set(jsonOf(result).map((r) => r.id)).size).toBe(900);
		const requests = fx.apiRequests();
		expect(requests.map((r) => r.fault)).toEqual([
			undefined,
			row.action.kind,
			undefined,
			undefined,
		]);
		// A held page is never answered: the node gave up on it.
		expect(requests[1].status).toBe(row.answered);
		// The retry resends exactly the request that failed.
		expect(requests[2].search).toBe(requests[1].search);
	});

	it.each<{ case: string; rule: PageRule; retries: number; message: unknown; requests: number }>([
		{
			case: 'a page that keeps answering 500',
			rule: { skip: 2, count: 100, action: { kind: 'status', status: 500 } },
			retries: 2,
			message:
				'Get Time Registrations failed: page 3 still failed after 3 attempts (2 pages and 600 records received before it stopped): Get Time Registrations failed (HTTP 500): An unexpected error occurred.',
			requests: 5,
		},
		{
			case: 'a connection dropped on every attempt',
			rule: { skip: 1, count: 10, action: { kind: 'drop' } },
			retries: 1,
			message: expect.stringMatching(
				/^Get Time Registrations failed: page 2 still failed after 2 attempts \(1 page and 300 records received before it stopped\): .*(connection dropped|ECONNRESET|socket hang up|closed unexpectedly)/,
			),
			requests: 3,
		},
		{
			case: 'a page cut off on every attempt',
			rule: { skip: 2, count: 10, action: { kind: 'truncate', bytes: 2000 } },
			retries: 2,
			message:
				'Get Time Registrations failed: page 3 still failed after 3 attempts (2 pages and 600 records received before it stopped): Get Time Registrations failed: connection dropped',
			requests: 5,
		},
	])(
		'$case is retried a bounded number of times, then fails with the progress and the cause, and outputs nothing',
		async (row) => {
			fail(row.rule);
			const result = await run({ options: { retries: row.retries, retryDelay: 5 } });
			expect(result.error?.message).toEqual(row.message);
			expect(result.items).toHaveLength(0);
			expect(fx.apiRequests()).toHaveLength(row.requests);
		},
	);

	// Replies the emulator never gives on its own: injected as faults with a body.
	it.each([
		{
			case: 'a service that answers the same continuation token again is stopped instead of looping forever',
			rule: {
				count: 5,
				action: {
					kind: 'status',
					status: 200,
					body: { data: [{ id: 'a' }], continuationToken: 'same' },
				},
			},
			message:
				'Get Time Registrations failed: the service answered the same continuation token twice, so paging would never end (2 pages and 2 records received before it stopped)',
			tokensSent: [undefined, ['same']],
		},
		{
			case: 'a page that is not the extraction envelope is a clear error',
			rule: { action: { kind: 'status', status: 200, body: '<html>maintenance</html>' } },
			message:
				'Get Time Registrations failed: page 1 is not the extraction envelope ({ data, continuationToken }) (0 pages and 0 records received before it stopped)',
			tokensSent: [undefined],
		},
	] satisfies Array<{ case: string; rule: PageRule; message: string; tokensSent: unknown[] }>)(
		'$case',
		async (row) => {
			fail(row.rule);
			const result = await run();
			expect(result.error?.message).toBe(row.message);
			expect(fx.apiRequests().map((r) => r.query.ContinuationToken)).toEqual(row.tokensSent);
		},
	);
});
