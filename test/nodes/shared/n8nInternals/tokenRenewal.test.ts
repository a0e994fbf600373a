import type { ICredentialDataDecryptedObject, IExecuteFunctions } from 'n8n-workflow';

import { IGNORE_ALL_BUT_401 } from '../../../../nodes/shared/n8nInternals/tokenRenewal';
import { baseUrl, CREDENTIAL } from '../../../../nodes/shared/transport';
import type { FaultAction } from '../../../emulator/control/faults';
import { jsonOf } from '../../../harness/execute';
import { executeStandIn, standInNode } from '../../../harness/standIn';
import { useEmulator } from '../../../support/emulatorFixture';

/** One GET through n8n-core's `httpRequestWithAuthentication` with `IGNORE_ALL_BUT_401`: what came back. */
const listTypes = standInNode('Renewal probe', 'renewalProbe', {
	async execute(this: IExecuteFunctions) {
		const credentials = await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL);
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL, {
				method: 'GET',
				baseURL: baseUrl(credentials, 'integration'),
				url: '/api/MachineType',
				returnFullResponse: true,
				ignoreHttpStatusErrors: IGNORE_ALL_BUT_401,
			})) as { statusCode: number };
			return [[{ json: { answer: response.statusCode } }]];
		} catch (error) {
			return [[{ json: { thrown: (error as { httpCode?: string }).httpCode ?? null } }]];
		}
	},
});

/**
 * n8n's renewal on a 401 (n8nInternals/tokenRenewal.ts), the service's 401 answer: the first
 * request of each case fetches a token (a fresh credential), then the fault decides.
 */
describe("n8n renews the token once on a 401 and gives every other status back (n8n-core's request helper)", () => {
	const fx = useEmulator();
	it.each<[string, FaultAction, object, string[]]>([
		[
			'the token revoked: a new token, the request sent once more',
			{ kind: 'expireTokens' },
			{ answer: 200 },
			['identity 200', 'integration 401', 'identity 200', 'integration 200'],
		],
		[
			'401 on every attempt: one renewal, two sends, then the 401 is thrown',
			{ kind: 'status', status: 401 },
			{ thrown: '401' },
			['identity 200', 'integration 401', 'identity 200', 'integration 401'],
		],
		[
			'403: an answer, no renewal',
			{ kind: 'status', status: 403 },
			{ answer: 403 },
			['identity 200', 'integration 403'],
		],
	])('%s', async (_label, action, outcome, sequence) => {
		// Once for the revoked token (the renewed one is good), on every request for the statuses.
		const count = action.kind === 'expireTokens' ? 1 : 10;
		fx.emulator.ctx.faults.add({ api: 'integration', count, action });
		expect(jsonOf(await executeStandIn(fx.credentials, listTypes))).toEqual([outcome]);
		expect(fx.requests().map((r) => `${r.api} ${r.status}`)).toEqual(sequence);
	});
});
