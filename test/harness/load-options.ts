import { LoadOptionsContext } from 'n8n-core';
import { Workflow, type INode, type INodeListSearchResult, type INodeParameters, type INodePropertyOptions } from 'n8n-workflow';

import { Workforce } from '../../nodes/Workforce/Workforce.node';
import type { TestCredentialsHelper } from './credentials-helper';
import { CREDENTIAL_ID, makeAdditionalData } from './execute';
import { PackageNodeTypes, PACKAGE } from './node-types';

/** A load-options context as the n8n editor gets one, for the Workforce node with these parameters. */
export function loadOptionsContext(credentials: TestCredentialsHelper, parameters: INodeParameters = {}) {
	const node: INode = {
		id: 'node-under-test',
		name: 'Workforce',
		type: `${PACKAGE}.workforce`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { workforceApi: { id: CREDENTIAL_ID, name: 'Workforce account' } },
	};
	const workflow = new Workflow({ id: 'test-workflow', nodes: [node], connections: {}, nodeTypes: new PackageNodeTypes(), active: false });
	return new LoadOptionsContext(workflow, node, makeAdditionalData(credentials), 'parameters');
}

type ListSearch = (this: LoadOptionsContext, filter?: string) => Promise<INodeListSearchResult>;
type LoadOptions = (this: LoadOptionsContext) => Promise<INodePropertyOptions[]>;

/** Runs one of the node's listSearch methods through n8n-core's LoadOptionsContext. */
export async function runListSearch(credentials: TestCredentialsHelper, method: string, filter?: string, parameters?: INodeParameters) {
	const fn = (new Workforce().methods as unknown as { listSearch: Record<string, ListSearch> }).listSearch[method];
	return await fn.call(loadOptionsContext(credentials, parameters), filter);
}

/** Runs one of the node's loadOptions methods through n8n-core's LoadOptionsContext. */
export async function runLoadOptions(credentials: TestCredentialsHelper, method: string, parameters?: INodeParameters) {
	const fn = (new Workforce().methods as unknown as { loadOptions: Record<string, LoadOptions> }).loadOptions[method];
	return await fn.call(loadOptionsContext(credentials, parameters));
}

export async function searchProjectsViaEngine(credentials: TestCredentialsHelper, filter?: string) {
	return await runListSearch(credentials, 'searchProjects', filter);
}
