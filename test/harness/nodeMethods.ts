import { LoadOptionsContext } from 'n8n-core';
import {
	Workflow,
	type ILoadOptionsFunctions,
	type INode,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
} from 'n8n-workflow';

import type { TestCredentialsHelper } from './credentialsHelper';
import { CREDENTIAL_ID, makeAdditionalData } from './execute';
import { PACKAGE, PackageNodeTypes } from './nodeTypes';
import { Workforce } from '../../nodes/Workforce/Workforce.node';

/**
 * Runs one of the node's `methods` (listSearch / loadOptions) in n8n-core's LoadOptionsContext,
 * as the editor does when a list is opened: real credential, real HTTP.
 */
function context(
	credentials: TestCredentialsHelper,
	parameters: INodeParameters,
	path: string,
): ILoadOptionsFunctions {
	const node: INode = {
		id: 'node-under-test',
		name: 'Workforce',
		type: `${PACKAGE}.workforce`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { workforceApi: { id: CREDENTIAL_ID, name: 'Workforce account' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new PackageNodeTypes(),
	});
	const additionalData = { ...makeAdditionalData(credentials), currentNodeParameters: parameters };
	return new LoadOptionsContext(workflow, node, additionalData, path);
}

export async function runListSearch(
	name: keyof Workforce['methods']['listSearch'],
	credentials: TestCredentialsHelper,
	parameters: INodeParameters,
	filter?: string,
): Promise<INodeListSearchResult> {
	const method = new Workforce().methods.listSearch[name];
	return await method.call(context(credentials, parameters, name), filter);
}

export async function runLoadOptions(
	name: keyof Workforce['methods']['loadOptions'],
	credentials: TestCredentialsHelper,
	parameters: INodeParameters,
): Promise<INodePropertyOptions[]> {
	const method = new Workforce().methods.loadOptions[name];
	return await method.call(context(credentials, parameters, name));
}
