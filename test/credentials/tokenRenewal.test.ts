import { HTTP_REQUEST_PAGINATION } from '../../bench/httpRequestPagination';
import { CREDENTIAL_ID, executeNode } from '../harness/execute';
import { useEmulator, type Fixture } from '../support/emulatorFixture';
import { useFakeDate } from '../support/fakeDate';
import { runHttpRequest } from '../support/httpRequestNode';

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
 * old one runs out, instead of sending it and waiting for the 401. That matters most for the
 * HTTP Request node's pagination: n8n hands a 401 page to the pagination rules as an answer and
 * never refreshes on that path, so an expired token would fail every later run.
 */
describe('Workforce API credential: tokens are renewed before they expire', () => {
	const fx = useEmulator();
	const clock = useFakeDate();
	const timeRegistrations = (fx: Fixture) =>
		`${fx.emulator.urls.extraction}/v1/time-registrations?ChunkLimit=200`;
	const paginated = (fx: Fixture) =>
		runHttpRequest(fx, {
			url: timeRegistrations(fx),
			options: { pagination: HTTP_REQUEST_PAGINATION },
		});

	it("keeps the renewal time a minute before the issuer's expiry", async () => {
		// Date stands still (useFakeDate): the token was issued at this very instant.
		const issuedAt = Date.now();
		await executeNode({
			credentials: fx.credentials,
			parameters: { resource: 'machineType', operation: 'getAll', returnAll: true },
		});
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

	it('before the renewal time the stored token is reused', async () => {
		await runHttpRequest(fx, { url: `${fx.emulator.urls.integration}/api/MachineType` });
		clock.advance(PAST_RENEWAL - 2_000);
		fx.mark();
		await runHttpRequest(fx, { url: `${fx.emulator.urls.integration}/api/MachineType` });
		expect(sequence(fx)).toEqual(['integration GET /api/MachineType 200']);
	});

	it('HTTP Request node with pagination: an expiring token is renewed before the first page', async () => {
		const first = await paginated(fx);
		expect(first.error).toBeUndefined();
		const pages = fx.apiRequests().length;
		expect(pages).toBeGreaterThan(1);
		clock.advance(PAST_RENEWAL);
		fx.mark();
		const second = await paginated(fx);
		expect(second.error).toBeUndefined();
		expect(second.items).toHaveLength(first.items.length);
		expect(sequence(fx)).toEqual([
			'identity POST /connect/token 200',
			...Array<string>(pages).fill('extraction GET /v1/time-registrations 200'),
		]);
	});

	it('HTTP Request node with pagination: a token the service revoked early fails with 401 (n8n does not refresh there) until its renewal time', async () => {
		await paginated(fx);
		fx.emulator.ctx.clients.expireAll();
		fx.mark();
		const revoked = await paginated(fx);
		expect((revoked.error as { httpCode?: string }).httpCode).toBe('401');
		expect(sequence(fx)).toEqual(['extraction GET /v1/time-registrations 401']);
		clock.advance(PAST_RENEWAL);
		fx.mark();
		const healed = await paginated(fx);
		expect(healed.error).toBeUndefined();
		expect(sequence(fx)[0]).toBe('identity POST /connect/token 200');
		expect(fx.apiRequests().every((r) => r.status === 200)).toBe(true);
	});
});
