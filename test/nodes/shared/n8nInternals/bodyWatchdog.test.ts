import type { ICredentialDataDecryptedObject, IExecuteFunctions } from 'n8n-workflow';

import { eachChunk } from '../../../../nodes/shared/n8nInternals/bodyWatchdog';
import { baseUrl, CREDENTIAL } from '../../../../nodes/shared/transport';
import { jsonOf } from '../../../harness/execute';
import { executeStandIn, standInNode } from '../../../harness/standIn';
import { useEmulator, type Fixture } from '../../../support/emulatorFixture';
import type { FaultAction } from '../../../emulator/control/faults';

const IDLE_MS = 400;

/**
 * One streamed GET through n8n-core's `httpRequestWithAuthentication` (n8n's `timeout` when given),
 * its body read with the watchdog: where it ended, and with which words.
 */
async function streamedGet(
	fx: Fixture,
	fault: FaultAction,
	n8n: { timeout?: number; idleMs?: number } = {},
) {
	fx.emulator.ctx.faults.add({ api: 'extraction', action: fault });
	const reader = standInNode('Body reader', 'bodyReader', {
		async execute(this: IExecuteFunctions) {
			const credentials = await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL);
			let stage = 'headers';
			let bytes = 0;
			try {
				const response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL, {
					method: 'GET',
					baseURL: baseUrl(credentials, 'extraction'),
					url: '/v1/time-registrations',
					encoding: 'stream',
					returnFullResponse: true,
					timeout: n8n.timeout,
				})) as { body: unknown };
				stage = 'body';
				await eachChunk(response.body, n8n.idleMs ?? IDLE_MS, (chunk) => (bytes += chunk.length));
				return [[{ json: { stage: 'complete', bytes } }]];
			} catch (error) {
				const { message, code } = error as { message: string; code?: string };
				return [[{ json: { stage, bytes, message, code: code ?? null } }]];
			}
		},
	});
	const [outcome] = jsonOf(await executeStandIn(fx.credentials, reader));
	return outcome;
}

describe('A streamed body: n8n bounds none of its pauses, the watchdog does (n8n-core 2.41.1)', () => {
	const fx = useEmulator();
	const stall = { kind: 'stall', bytes: 1000 } as const;

	it('no timeout (the default): a body that goes quiet after 1000 bytes is ended by the watchdog, retryable', async () => {
		expect(await streamedGet(fx, stall)).toEqual({
			stage: 'body',
			bytes: 1000,
			message: `the answer stopped arriving for ${IDLE_MS} ms`,
			code: 'ETIMEDOUT',
		});
	});

	it("with n8n's timeout set, the quiet body is cut as a dropped connection, not a timeout", async () => {
		// The watchdog waits the default two minutes here: what ends the body is n8n's. 10 s: the
		// headers arrive well before it on a loaded machine (3 s was not enough at load 20).
		const outcome = await streamedGet(fx, stall, { timeout: 10_000, idleMs: 120_000 });
		expect(outcome).toEqual({ stage: 'body', bytes: 1000, message: 'aborted', code: 'ECONNRESET' });
	});

	it('a body that arrives whole is read to its end', async () => {
		const outcome = await streamedGet(fx, { kind: 'delay', ms: 0 });
		expect(outcome).toEqual({ stage: 'complete', bytes: expect.any(Number) });
		expect(outcome.bytes).toBeGreaterThan(1000);
	});
});
