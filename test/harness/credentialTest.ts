import { credentialTypes } from './nodeTypes';
import type { ExecuteResult } from './execute';
import type { TestCredentialsHelper } from './credentialsHelper';
import { executeStandIn, standInNode } from './standIn';

/**
 * Runs the credential's `test` request the way n8n's credentials tester does: as a routed
 * request of a stand-in node, so preAuthentication, authenticate and the request all run in
 * n8n-core. Success is a 2xx answer; anything else is the error the user would see.
 */
export async function testCredential(credentials: TestCredentialsHelper): Promise<ExecuteResult> {
	const request = credentialTypes.workforceApi.test!.request;
	const tester = standInNode('Credential test', 'credentialTest', { requestDefaults: request });
	return await executeStandIn(credentials, tester);
}
