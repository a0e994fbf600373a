import { CREDENTIAL_ID, executeNode } from '../harness/execute';
import { useEmulator, type Fixture, runOperation } from '../support/emulatorFixture';
import { useFakeDate } from '../support/fakeDate';

const MIN = 60_000;
/** The demo clients' tokens live 30 minutes (the live default); the credential renews a minute early. */
const PAST_RENEWAL = 29 * MIN + 1_000;

const sequence = (fx: Fixture) =>
	fx.requests().map((r) => `${r.api} ${r.method} ${r.path} ${r.status}`);
const renewAts = (fx: Fixture) =>
	(
		JSON.parse(String(fx.credentials.get(CREDENTIAL_ID)!.accessToken)) as {
			tokens: Array<{ renewAt?: number }>;
		}
	).tokens.map((t) => t.renewAt);

/**
 * The credential keeps the issuer's `expires_in` with each token and fetches a new one before the
 * old one runs out, instead of sending it and waiting for the 401. The same through n8n's HTTP
 * Request node, where it matters most (its pagination never refreshes on a 401), is in the e2e
 * suite: test/e2e/engine/tokenRenewalInHttpRequestNode.e2e.ts.
 */
describe('Workforce API credential: tokens are renewed before they expire', () => {
	const fx = useEmulator();
	const clock = useFakeDate();
	it("keeps the renewal time a minute before the issuer's expiry", async () => {
		// Date stands still (useFakeDate): the token was issued at this very instant.
		const issuedAt = Date.now();
		await runOperation(fx, 'machineType', 'getAll', { returnAll: true });
		const [renewAt] = renewAts(fx);
		expect(renewAt).toBe(issuedAt + 29 * MIN);
	});

	it('the Workforce node: past the renewal time a new token is fetched before the request, no 401 round trip', async () => {
		const listTypes = { resource: 'machineType', operation: 'getAll', returnAll: true };
		await executeNode({ credentials: fx.credentials, parameters: listTypes });
		clock.advance(PAST_RENEWAL);
		fx.mark();
		const result = await executeNode({ credentials: fx.credentials, parameters: listTypes });
		expect(result.error).toBeUndefined();
		expect(sequence(fx)).toEqual([
			'identity POST /connect/token 200',
			'integration GET /api/MachineType 200',
		]);
	});

	it('the Workforce node: before the renewal time the stored token is reused', async () => {
		const listTypes = { resource: 'machineType', operation: 'getAll', returnAll: true };
		await executeNode({ credentials: fx.credentials, parameters: listTypes });
		clock.advance(PAST_RENEWAL - 2_000);
		fx.mark();
		await executeNode({ credentials: fx.credentials, parameters: listTypes });
		expect(sequence(fx)).toEqual(['integration GET /api/MachineType 200']);
	});
});
