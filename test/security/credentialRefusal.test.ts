import type { INodeParameters } from 'n8n-workflow';

import { executeNode } from '../harness/execute';
import { DEMO, useEmulator } from '../support/emulatorFixture';

/**
 * When the credential refuses to send the token (the client lacks the scope), nothing reaches the
 * API and every kind of request says why, instead of a misleading "no answer".
 */
describe('Security: a request the credential refuses is never sent and says why', () => {
	const fx = useEmulator();
	const SCOPE =
		'The API client does not hold the integration scope (svcapiv3 was refused with invalid_scope), so it cannot call the integration API. Ask the administrator to grant it, or use a credential whose client holds it.';

	it.each<[string, INodeParameters, string]>([
		['routed', { resource: 'machineType', operation: 'getAll', returnAll: true }, SCOPE],
		[
			'custom download',
			{ resource: 'file', operation: 'download', file: 'abc' },
			`Downloading file "abc" failed: ${SCOPE}`,
		],
		[
			'lookup before a routed request',
			{
				resource: 'document',
				operation: 'getAll',
				parent: 'project',
				project: { __rl: true, mode: 'projectNumber', value: 'P-1001' },
				returnAll: true,
			},
			`Looking up project number "P-1001" failed: ${SCOPE}`,
		],
		[
			'custom batch',
			{ resource: 'machine', operation: 'createMany', machineData: 'json', batchSize: 5 },
			`Item 1 (machineNumber "R-1") was not saved: Sending machines of items 1-1 failed: ${SCOPE}`,
		],
	])('%s', async (_kind, parameters, message) => {
		fx.useClient(DEMO.clients.extractionOnly);
		const result = await executeNode({
			credentials: fx.credentials,
			parameters,
			items: [{ json: { companyId: DEMO.companies.parent, machineNumber: 'R-1' } }],
		});
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(message);
		expect(fx.apiRequests()).toEqual([]);
		expect(fx.tokenRequests().map((r) => r.status)).toEqual([400, 400, 200]);
	});
});
