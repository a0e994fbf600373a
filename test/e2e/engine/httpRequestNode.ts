import type { INodeExecutionData } from 'n8n-workflow';

import { executeNode, type ExecuteResult } from '../../harness/execute';
import { httpRequestNode } from './n8nNodesBase';
import type { Fixture } from '../../support/emulatorFixture';

export const HTTP_REQUEST_TYPE = 'n8n-nodes-base.httpRequest';

/**
 * n8n's HTTP Request node with the Workforce API credential as a predefined credential type:
 * what a user builds for an endpoint the Workforce node lacks ("Custom API Call"). Runs through
 * WorkflowExecute like every other test here; `version` defaults to the node's current one.
 */
export async function runHttpRequest(
	fx: Fixture,
	parameters: Record<string, unknown>,
	options: { version?: number; items?: INodeExecutionData[]; continueOnFail?: boolean } = {},
): Promise<ExecuteResult> {
	const { node, version } = httpRequestNode(options.version);
	return await executeNode({
		credentials: fx.credentials,
		nodeType: HTTP_REQUEST_TYPE,
		extraNodeTypes: { [HTTP_REQUEST_TYPE]: node },
		settings: { typeVersion: version },
		items: options.items,
		continueOnFail: options.continueOnFail,
		parameters: {
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'workforceApi',
			...parameters,
		},
	});
}
