import { useN8nServer } from './support/e2e';

interface Property {
	name: string;
	options?: Array<{ name?: string; value?: unknown }>;
	credentialTypes?: string[];
}
interface NodeTypeJson {
	name: string;
	version: number | number[];
	properties: Property[];
}
interface CredentialTypeJson {
	name: string;
	authenticate?: unknown;
	properties: Property[];
}

const CUSTOM_API_CALL = { name: 'Custom API Call', value: '__CUSTOM_API_CALL__' };

/**
 * What the editor of a real n8n 2.41.1 is given for the node's "Custom API Call" entry. Picking it
 * shows n8n's notice "Use the HTTP Request node to make a custom API call. We'll take care of the
 * Workforce auth for you."; the HTTP Request node then offers the Workforce API credential as a
 * predefined credential type (http-request.e2e.ts runs such workflows).
 */
describe('Custom API Call in a real n8n', () => {
	const n8n = useN8nServer();

	it("n8n adds Custom API Call to the Workforce node's resources and operations (its credential authenticates requests)", async () => {
		const nodes = await n8n.server.getJson<NodeTypeJson[]>('/types/nodes.json');
		const workforce = nodes.find((n) => n.name === 'n8n-nodes-workforce.workforce');
		expect(workforce).toBeDefined();
		const choices = workforce!.properties.filter(
			(p) => (p.name === 'resource' || p.name === 'operation') && Array.isArray(p.options),
		);
		expect(choices.length).toBeGreaterThan(10);
		for (const property of choices) expect(property.options!.at(-1)).toEqual(CUSTOM_API_CALL);
		// The trigger has no resource or operation to add it to.
		const trigger = nodes.find((n) => n.name === 'n8n-nodes-workforce.workforceTrigger');
		expect(JSON.stringify(trigger)).not.toContain(CUSTOM_API_CALL.value);
	});

	it('the HTTP Request node offers the Workforce API credential as a predefined credential type', async () => {
		const nodes = await n8n.server.getJson<NodeTypeJson[]>('/types/nodes.json');
		const current = nodes.filter(
			(n) =>
				n.name === 'n8n-nodes-base.httpRequest' && ([] as number[]).concat(n.version).includes(4.5),
		);
		const choice = current
			.flatMap((n) => n.properties)
			.find((p) => p.name === 'nodeCredentialType');
		expect(choice?.credentialTypes).toEqual(expect.arrayContaining(['has:authenticate']));
		const credentials = await n8n.server.getJson<CredentialTypeJson[]>('/types/credentials.json');
		const workforceApi = credentials.find((c) => c.name === 'workforceApi');
		expect(workforceApi?.authenticate).toBeDefined();
		// n8n also offers its own domain restriction for credentials used in the HTTP Request node; the credential only ever narrows it.
		expect(workforceApi?.properties.map((p) => p.name)).toEqual(
			expect.arrayContaining(['allowedHttpRequestDomains', 'allowedDomains']),
		);
	});
});
