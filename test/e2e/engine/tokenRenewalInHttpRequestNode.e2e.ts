// The unit suite's set-up: the fixed instant (test/support/testNow.ts) and a throwaway n8n folder.
import '../../support/jestSetup';

import { HTTP_REQUEST_PAGINATION } from '../../../bench/httpRequestPagination';
import { useEmulator, type Fixture } from '../../support/emulatorFixture';
import { useFakeDate } from '../../support/fakeDate';
import { runHttpRequest } from './httpRequestNode';

const MIN = 60_000;
/** The demo clients' tokens live 30 minutes (the live default); the credential renews a minute early. */
const PAST_RENEWAL = 29 * MIN + 1_000;

const sequence = (fx: Fixture) =>
	fx.requests().map((r) => `${r.api} ${r.method} ${r.path} ${r.status}`);

/**
 * The credential renews its token before it runs out (test/credentials/tokenRenewal.test.ts), and
 * that matters most for n8n's HTTP Request node with pagination: n8n hands a 401 page to the
 * pagination rules as an answer and never refreshes on that path, so an expired token would fail
 * every later run. n8n's node comes from the installed n8n runtime (n8nNodesBase.ts).
 */
describe('Workforce API credential in the HTTP Request node: tokens are renewed before they expire', () => {
	const fx = useEmulator();
	const clock = useFakeDate();
	const timeRegistrations = (fx: Fixture) =>
		`${fx.emulator.urls.extraction}/v1/time-registrations?ChunkLimit=200`;
	const paginated = (fx: Fixture) =>
		runHttpRequest(fx, {
			url: timeRegistrations(fx),
			options: { pagination: HTTP_REQUEST_PAGINATION },
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
