import { useE2e } from './support/e2e';

const PROJECT_PATH = '/api/v4/integration/projects/by-project-number/P-1002';
const REGISTRATIONS_PATH = '/v1/time-registrations';

/**
 * The service revokes the stored token before its renewal time (n8nInternals/tokenRenewal.ts):
 * a routed operation (n8n's routing engine sends it) and a custom one (the node sends it) each
 * get one 401, one new token and the request once more, on every n8n of the smoke subset (n8n
 * 1.x never renewed such a 401 on its own).
 */
describe('a token revoked before its expiry in a real n8n', () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());
	afterEach(() => e2e.emulator.clearFaults());

	it('routed and custom operations renew the token once and succeed', async () => {
		for (const [api, path] of [
			['integration', PROJECT_PATH],
			['extraction', REGISTRATIONS_PATH],
		])
			await e2e.emulator.post('/faults', { api, path, action: { kind: 'expireTokens' } });
		const run = await e2e.run('tokenRevoked');
		expect(run.error).toBeUndefined();
		expect(run.json('Get Project')).toEqual([expect.objectContaining({ projectNumber: 'P-1002' })]);
		expect(run.json('Time Registrations')).toHaveLength(5);

		const all = (await e2e.emulator.requests()).filter(
			(r) => r.api === 'identity' || r.path === PROJECT_PATH || r.path === REGISTRATIONS_PATH,
		);
		const calls = all.map((r) => `${r.api} ${r.path} ${r.status}`);
		// A first token when the credential held none yet (a run of this file alone).
		if (calls[0] === 'identity /connect/token 200') calls.shift();
		expect(calls).toEqual([
			`integration ${PROJECT_PATH} 401`,
			'identity /connect/token 200',
			`integration ${PROJECT_PATH} 200`,
			`extraction ${REGISTRATIONS_PATH} 401`,
			'identity /connect/token 200',
			`extraction ${REGISTRATIONS_PATH} 200`,
		]);
		// Each second send carries the token fetched after its 401.
		const sent = all.filter((r) => r.api !== 'identity');
		expect(sent[1].headers.authorization).not.toBe(sent[0].headers.authorization);
		expect(sent[3].headers.authorization).not.toBe(sent[2].headers.authorization);
		expect(sent[2].headers.authorization).toBe(sent[1].headers.authorization);
	});
});
