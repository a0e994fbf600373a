import { LoadOptionsContext } from 'n8n-core';
import { Workflow, type INode, type INodeListSearchResult, type IWorkflowExecuteAdditionalData } from 'n8n-workflow';

import type { TestCredentialsHelper } from '../harness/credentials-helper';
import { CREDENTIAL_ID } from '../harness/execute';
import { PackageNodeTypes, PACKAGE } from '../harness/node-types';
import { Workforce } from '../../nodes/Workforce/Workforce.node';

/** Runs one listSearch method of the node in n8n-core's LoadOptionsContext, as the editor does. */
export async function runListSearch(credentials: TestCredentialsHelper, method: string, filter?: string): Promise<INodeListSearchResult> {
	const node: INode = {
		id: 'node-under-test',
		name: 'Workforce',
		type: `${PACKAGE}.workforce`,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { workforceApi: { id: CREDENTIAL_ID, name: 'Workforce account' } },
	};
	const workflow = new Workflow({ id: 'list-search', nodes: [node], connections: {}, nodeTypes: new PackageNodeTypes(), active: false });
	const additionalData = { credentialsHelper: credentials, restApiUrl: 'http://localhost:5678/rest', instanceBaseUrl: 'http://localhost:5678/', variables: {} } as unknown as IWorkflowExecuteAdditionalData;
	const context = new LoadOptionsContext(workflow, node, additionalData, '');
	const search = (new Workforce().methods.listSearch as Record<string, (this: unknown, filter?: string) => Promise<INodeListSearchResult>>)[method];
	return search.call(context, filter);
}
