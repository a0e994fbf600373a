import type { ICredentialType, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';

import { WorkforceApi } from '../../credentials/WorkforceApi.credentials';
import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { WorkforceTrigger } from '../../nodes/WorkforceTrigger/WorkforceTrigger.node';

export const PACKAGE = 'n8n-nodes-workforce';

/** The package's node types, addressed as n8n addresses community nodes: `<package>.<node>`. */
export class PackageNodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType>();

	constructor(extra: Record<string, INodeType> = {}) {
		for (const node of [new Workforce(), new WorkforceTrigger()])
			this.types.set(`${PACKAGE}.${node.description.name}`, node);
		for (const [name, node] of Object.entries(extra)) this.types.set(name, node);
	}

	register(name: string, node: INodeType) {
		this.types.set(name, node);
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = this.types.get(nodeType);
		if (!type) throw new Error(`Unknown node type ${nodeType}`);
		return type;
	}

	getByNameAndVersion(nodeType: string): INodeType {
		return this.getByName(nodeType) as INodeType;
	}

	getKnownTypes() {
		return {};
	}
}

export const credentialTypes: Record<string, ICredentialType> = {
	workforceApi: new WorkforceApi(),
};
