import { executeNode, jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';
import { iso } from '../../../support/partitionWindows';

const PATH = 'time-registrations';

/**
 * Partitions under faults: one token for every partition (a 401 met by four streams at once
 * refreshes it once), a partition that fails for good fails the item and outputs nothing, and
 * a storm of 429s slows the run down instead of failing it.
 */
describe('Data Extraction: partitions under faults', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 2000, pageSize: 100 } });
	const data = () => fx.emulator.ctx.sections.workData.data;
	const window = () => {
		const days = Array.from({ length: data().count }, (_, i) =>
			Date.parse(`${data().timeRegistration(i).workDate as string}T00:00:00Z`),
		);
		return { fromDateTime: iso(Math.min(...days)), toDateTime: iso(Math.max(...days)) };
	};
	const params = (options: Record<string, unknown>) => ({
		resource: 'dataExtraction',
		operation: 'getTimeRegistrations',
		returnAll: true,
		...window(),
		options: {
			partitionBy: 'parts',
			partitionCount: 8,
			parallelRequests: 4,
			chunkLimit: 50,
			...options,
		},
	});
	const allIds = () =>
		Array.from({ length: data().count }, (_, i) => i)
			.filter((i) => !data().isDeleted(i))
			.map((i) => data().timeRegistrationId(i));

	it('a 401 met by four streams at once: one token request for all, every record exactly once', async () => {
		// Warm up the credential, so the only token request counted below is the refresh.
		await executeNode({ credentials: fx.credentials, parameters: params({}) });
		fx.mark();
		// Let four requests (one per stream) through, then hold the next four at the door.
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: PATH,
			skip: 4,
			count: 4,
			action: { kind: 'hold' },
		});
		const running = executeNode({ credentials: fx.credentials, parameters: params({}) });
		await fx.emulator.ctx.faults.whenHolding(4);
		// The service revokes the token while four requests carrying it wait: all four get 401.
		fx.emulator.ctx.clients.expireAll();
		fx.emulator.ctx.faults.release();
		const result = await running;
		expect(result.error).toBeUndefined();
		const ids = jsonOf(result).map((r) => r.id as string);
		expect(ids).toHaveLength(allIds().length);
		expect(new Set(ids)).toEqual(new Set(allIds()));
		const refused = fx.apiRequests().filter((r) => r.status === 401);
		expect(refused).toHaveLength(4);
		expect(fx.tokenRequests()).toHaveLength(1);
	});

	it('a partition that fails for good fails the item, names its partition and outputs nothing; the other partitions stop', async () => {
		// From the 10th request on, every page fails: some partition exhausts its retries.
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: PATH,
			skip: 9,
			count: 1000,
			action: { kind: 'status', status: 500 },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: params({ retries: 1, retryDelay: 0 }),
		});
		expect(result.error?.message).toMatch(
			/^Get Time Registrations failed: partition \d of 8 \(.+ to .+\): page \d+ still failed after 2 attempts/,
		);
		expect(result.items ?? []).toHaveLength(0);
		// Stopped: nowhere near every page of every partition was asked for after the failure.
		const failed = fx.apiRequests().filter((r) => r.status === 500).length;
		expect(failed).toBeLessThan(20);
	});

	it('with Continue On Fail the failed item is one error item: none of the records read before it', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: PATH,
			skip: 12,
			count: 1000,
			action: { kind: 'status', status: 500 },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: params({ retries: 0 }),
			settings: { onError: 'continueRegularOutput' },
		});
		const items = jsonOf(result);
		expect(items).toHaveLength(1);
		expect(String(items[0].error)).toMatch(/partition \d of 8/);
	});

	it('a storm of 429s (no Retry-After): the run slows down and finishes, every record exactly once', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: PATH,
			skip: 3,
			count: 6,
			action: { kind: 'rateLimit' },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: params({ retryDelay: 1 }),
		});
		expect(result.error).toBeUndefined();
		const ids = jsonOf(result).map((r) => r.id as string);
		expect(ids).toHaveLength(allIds().length);
		expect(new Set(ids)).toEqual(new Set(allIds()));
		expect(fx.apiRequests().filter((r) => r.status === 429)).toHaveLength(6);
	});

	it('429 with Retry-After on every stream: waited out, then finished', async () => {
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: PATH,
			skip: 2,
			count: 4,
			action: { kind: 'rateLimit', retryAfterSeconds: 1 },
		});
		const result = await executeNode({ credentials: fx.credentials, parameters: params({}) });
		expect(result.error).toBeUndefined();
		expect(new Set(jsonOf(result).map((r) => r.id))).toEqual(new Set(allIds()));
	});
});
