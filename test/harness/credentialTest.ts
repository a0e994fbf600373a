import type { INodeType } from 'n8n-workflow';

import { credentialTypes } from './nodeTypes';
import { executeNode, type ExecuteResult } from './execute';
import type { TestCredentialsHelper } from './credentialsHelper';

/**
 * Runs the credential's `test` request the way n8n's credentials tester does: as a routed
 * request of a stand-in node, so preAuthentication, authenticate and the request all run in
 * n8n-core. Success is a 2xx answer; anything else is the error the user would see.
 */
export async function testCredential(credentials: TestCredentialsHelper): Promise<ExecuteResult> {
	const request = credentialTypes.workforceApi.test!.request;
	const tester: INodeType = {
		description: {
			displayName: 'Credential test',
			name: 'credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Credential test' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'workforceApi', required: true }],
			requestDefaults: request,
			properties: [],
		},
	};
	return await executeNode({
		credentials,
		parameters: {},
		nodeType: 'test.credentialTest',
		extraNodeTypes: { 'test.credentialTest': tester },
	});
}
