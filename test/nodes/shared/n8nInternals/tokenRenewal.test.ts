import type { FaultAction } from '../../../emulator/control/faults';
import { CREDENTIAL_ID, executeNode, jsonOf } from '../../../harness/execute';
import { useEmulator } from '../../../support/emulatorFixture';

/** A routed operation (n8n's routing engine sends it) and a custom one (the node sends it). */
const OPERATIONS = [
	{
		kind: 'routed',
		api: 'integration',
		parameters: { resource: 'project', operation: 'getAll', returnAll: true },
	},
	{
		kind: 'custom',
		api: 'extraction',
		parameters: { resource: 'dataExtraction', operation: 'getTimeRegistrations', limit: 5 },
	},
] as const;

/**
 * n8nInternals/tokenRenewal.ts through n8n-core's request helper and routing engine: a 401 the
 * service answers before the token's renewal time is sent once more with a new token, which the
 * credential keeps; a second 401 is the node's error; other statuses are never renewed. The first
 * request of each case fetches a token (a fresh credential), then the fault decides.
 */
describe.each(OPERATIONS)('a 401 answered to a $kind operation', ({ api, parameters }) => {
	const fx = useEmulator();
	const run = async () => await executeNode({ credentials: fx.credentials, parameters });
	const sequence = () => fx.requests().map((r) => `${r.api} ${r.status}`);

	it.each<[string, FaultAction, string[]]>([
		[
			'the token revoked: a new token, stored, and the request sent once more',
			{ kind: 'expireTokens' },
			['identity 200', `${api} 401`, 'identity 200', `${api} 200`],
		],
		[
			'401 on every attempt: one renewal, two sends, then an error naming the credential',
			{ kind: 'status', status: 401 },
			['identity 200', `${api} 401`, 'identity 200', `${api} 401`],
		],
		[
			'403: no renewal, the error at once',
			{ kind: 'status', status: 403 },
			['identity 200', `${api} 403`],
		],
	])('%s', async (_label, action, expected) => {
		// Once for the revoked token (the renewed one is good), on every request for the statuses.
		fx.emulator.ctx.faults.add({ api, count: action.kind === 'expireTokens' ? 1 : 10, action });
		const result = await run();
		expect(sequence()).toEqual(expected);
		const sent = fx.apiRequests();
		const stored = fx.credentials.get(CREDENTIAL_ID)!;
		expect(String(stored.accessToken)).not.toMatch(/^refused by the service/);
		if (action.kind === 'expireTokens') {
			expect(result.error).toBeUndefined();
			expect(jsonOf(result).length).toBeGreaterThan(0);
			expect(sent[1].headers.authorization).not.toBe(sent[0].headers.authorization);
			expect(String(stored.accessToken)).toContain(
				sent[1].headers.authorization!.replace('Bearer ', ''),
			);
			return;
		}
		const status = (action as { status: number }).status;
		expect(result.error).toMatchObject({ name: 'NodeApiError', httpCode: String(status) });
		if (status === 401)
			expect(result.error?.description).toMatch(
				/^The service refused the token even after a fresh one was fetched. Check the Workforce API credential "[^"]+":/,
			);
	});
});

/**
 * Two runs of one credential meet one revocation: the other run renews first, so this run's 401
 * finds a newer token stored and sends it at once, without a fetch of its own. Staged with a hold,
 * not timing: this run's first request waits in the emulator while the tokens are revoked and the
 * other run fetches and stores its token; released, it is answered 401 (the hold comes before the
 * emulator reads the token). The emulator logs each request as it arrives.
 */
describe('a token another run stored while this run waited on its answer', () => {
	const fx = useEmulator();
	const run = async () =>
		await executeNode({ credentials: fx.credentials, parameters: OPERATIONS[0].parameters });
	const bearer = (r: { headers: { authorization?: string } }) => r.headers.authorization ?? '';

	it('is sent after the 401 without a token fetch of this run', async () => {
		const before = await run();
		expect(before.error).toBeUndefined();
		const pages = fx.apiRequests().length;
		const first = bearer(fx.apiRequests()[0]);
		fx.mark();
		const updates = fx.credentials.updates;
		fx.emulator.ctx.faults.add({ api: 'integration', action: { kind: 'hold' } });
		const waiting = run();
		await fx.emulator.ctx.faults.whenHolding(1);
		fx.emulator.ctx.clients.expireAll();
		expect((await run()).error).toBeUndefined();
		const renewed = bearer(fx.apiRequests().at(-1)!);
		expect(fx.emulator.ctx.faults.release()).toBe(1);
		const result = await waiting;

		expect(result.error).toBeUndefined();
		// Every item the run without a 401 gave, none twice.
		expect(jsonOf(result).length).toBeGreaterThan(0);
		expect(jsonOf(result)).toEqual(jsonOf(before));
		const token = (r: { headers: { authorization?: string } }) =>
			bearer(r) === first ? 'first token' : bearer(r) === renewed ? 'renewed token' : bearer(r);
		const stored = Array<string>(pages).fill('200 renewed token');
		// This run's held request, the other run's first, the other run's pages, this run's pages.
		expect(fx.apiRequests().map((r) => `${r.status} ${token(r)}`)).toEqual([
			'401 first token',
			'401 first token',
			...stored,
			...stored,
		]);
		// One fetch in all, the other run's, and one credential write.
		expect(fx.tokenRequests()).toHaveLength(1);
		expect(fx.credentials.updates).toBe(updates + 1);
		expect(String(fx.credentials.get(CREDENTIAL_ID)!.accessToken)).toContain(
			renewed.replace('Bearer ', ''),
		);
	});
});
