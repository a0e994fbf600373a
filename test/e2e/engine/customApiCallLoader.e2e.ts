// The unit suite's set-up: the fixed instant (test/support/testNow.ts) and a throwaway n8n folder.
import '../../support/jestSetup';

import { join } from 'node:path';

import type { ICredentialType, INodeTypeDescription } from 'n8n-workflow';

import { WorkforceApi } from '../../../credentials/WorkforceApi.credentials';
import { Workforce } from '../../../nodes/Workforce/Workforce.node';
import { runtimePackageDir } from './n8nNodesBase';

const CUSTOM_API_CALL = { name: 'Custom API Call', value: '__CUSTOM_API_CALL__' };

/**
 * The step of n8n's loader that adds Custom API Call (n8nInternals/customApiCall.ts), from the
 * installed n8n (its cli package), run on the node's real description and credential: what
 * test/e2e/customApiCall.e2e.ts sees in the editor's node list, and why the node sets no
 * defaultVersion.
 */
function injectCustomApiCall(description: INodeTypeDescription): INodeTypeDescription {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { LoadNodesAndCredentials } = require(
		join(runtimePackageDir('n8n'), 'dist', 'load-nodes-and-credentials.js'),
	) as { LoadNodesAndCredentials: { prototype: { injectCustomApiCallOptions(): void } } };
	// n8n adds to the option lists in place: lists of their own, so each case starts from the node's.
	const copy = {
		...description,
		properties: description.properties.map((p) =>
			p.options ? { ...p, options: [...p.options] } : p,
		),
	} as INodeTypeDescription;
	const loader = Object.assign(Object.create(LoadNodesAndCredentials.prototype) as object, {
		types: { nodes: [copy], credentials: [new WorkforceApi() as ICredentialType] },
		logger: { warn: () => undefined },
	});
	LoadNodesAndCredentials.prototype.injectCustomApiCallOptions.call(loader);
	return copy;
}

const lastOptions = (description: INodeTypeDescription) =>
	description.properties
		.filter((p) => ['resource', 'operation'].includes(p.name) && Array.isArray(p.options))
		.map((p) => p.options!.at(-1));

describe("Custom API Call: n8n's loader adds it only to a node without defaultVersion", () => {
	const { description } = new Workforce();

	it('the node as it is (versions 1 and 2, no defaultVersion): every Resource and Operation list ends with it', () => {
		expect(description.defaultVersion).toBeUndefined();
		const last = lastOptions(injectCustomApiCall(description));
		expect(last.length).toBeGreaterThan(10);
		for (const option of last) expect(option).toEqual(CUSTOM_API_CALL);
	});

	it('with defaultVersion 2 set, n8n would add it nowhere', () => {
		const last = lastOptions(injectCustomApiCall({ ...description, defaultVersion: 2 }));
		expect(last).not.toContainEqual(CUSTOM_API_CALL);
	});
});
