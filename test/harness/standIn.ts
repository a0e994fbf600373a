import type { IExecuteFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { executeNode, type ExecuteOptions, type ExecuteResult } from './execute';

/**
 * A node type that exists only in a test, holding the Workforce credential: what runs n8n-core's
 * request helpers from code under test that is not a node of the package (the paginator, the
 * credential's test request). Registered with `executeNode({ extraNodeTypes })`.
 */
export function standInNode(
	displayName: string,
	name: string,
	rest: Partial<INodeTypeDescription> & {
		execute?: (this: IExecuteFunctions) => ReturnType<NonNullable<INodeType['execute']>>;
	} = {},
): INodeType {
	const { execute, ...description } = rest;
	return {
		description: {
			displayName,
			name,
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: displayName },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'workforceApi', required: true }],
			properties: [],
			...description,
		},
		...(execute ? { execute } : {}),
	};
}

/** Runs a stand-in node once through n8n-core's engine with the given credential. */
export async function executeStandIn(
	credentials: ExecuteOptions['credentials'],
	node: INodeType,
): Promise<ExecuteResult> {
	const nodeType = `test.${node.description.name}`;
	return await executeNode({
		credentials,
		parameters: {},
		nodeType,
		extraNodeTypes: { [nodeType]: node },
	});
}
