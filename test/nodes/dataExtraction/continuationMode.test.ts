import { executeNode, jsonOf } from '../../harness/execute';
import { tokenModeMismatch } from '../../emulator/extraction/continuationToken';
import { useEmulator } from '../../support/emulatorFixture';

const PATH = '/v1/time-registrations';
const base = { resource: 'dataExtraction', operation: 'getTimeRegistrations', returnAll: true };
const SINCE = '2000-01-01T00:00:00Z';

/**
 * Continuation tokens are never mixed across full and incremental syncs (behaviour notes). The
 * node keeps one filter per run, so it never sends a token in the other mode; when the service
 * answers ContinuationTokenModeMismatch anyway, the error names the cause and the fix.
 */
describe('Data Extraction: continuation tokens stay in their sync mode', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 900, pageSize: 300 } });

	it.each([
		['full', {}],
		['incremental', { modifiedSince: SINCE }],
	])(
		'a %s run resends the same mode on every page with the token it was given',
		async (_mode, options) => {
			const result = await executeNode({
				credentials: fx.credentials,
				parameters: { ...base, options },
			});
			expect(result.error).toBeUndefined();
			expect(jsonOf(result).length).toBeGreaterThan(300);
			const requests = fx.apiRequests().filter((r) => r.path === PATH);
			expect(requests.length).toBeGreaterThan(1);
			const since = (options as { modifiedSince?: string }).modifiedSince;
			for (const r of requests)
				expect(r.query.ModifiedSince).toEqual(since === undefined ? undefined : [since]);
			// Every page after the first carries exactly the token the page before it answered (no 400 on the way).
			expect(requests.every((r) => r.status === 200)).toBe(true);
		},
	);

	it.each([
		['full-sync token sent incrementally', 'f' as const, { modifiedSince: SINCE }],
		['incremental token sent in a full sync', 'i' as const, {}],
	])(
		'the service answering ContinuationTokenModeMismatch (%s) ends the run with the cause and the fix, outputting nothing',
		async (_name, tokenMode, options) => {
			const refusal = tokenModeMismatch(tokenMode);
			fx.emulator.ctx.faults.add({
				api: 'extraction',
				path: PATH,
				skip: 1,
				action: { kind: 'status', status: refusal.status, body: refusal.body },
			});
			const result = await executeNode({
				credentials: fx.credentials,
				parameters: { ...base, options },
			});
			expect(result.items).toHaveLength(0);
			expect(result.error?.message).toMatch(/^Get Time Registrations failed/);
			expect(result.error?.message).toContain(
				'ContinuationToken: The continuation token was issued by',
			);
			expect(result.error?.message).toContain('[ContinuationTokenModeMismatch]');
			const description = (result.error as { description?: string }).description ?? '';
			expect(description).toMatch(
				/A continuation token of a full sync \(no Modified Since\) was sent with an incremental query/,
			);
			expect(description).toContain('start the extraction again without a token');
		},
	);

	it('a first page refused for the same reason keeps the service status and the fix', async () => {
		const refusal = tokenModeMismatch('f');
		fx.emulator.ctx.faults.add({
			api: 'extraction',
			path: PATH,
			action: { kind: 'status', status: refusal.status, body: refusal.body },
		});
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...base, options: { modifiedSince: SINCE } },
		});
		expect(result.error?.message).toMatch(/HTTP 400.*\[ContinuationTokenModeMismatch\]/);
		expect((result.error as { description?: string }).description).toContain(
			'Tokens of the two modes are never interchangeable',
		);
	});
});
