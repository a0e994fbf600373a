import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { jsonArrayBody } from '../../../../nodes/shared/n8nInternals/jsonArrayBody';
import { baseUrl, CREDENTIAL } from '../../../../nodes/shared/transport';
import { executeStandIn, standInNode } from '../../../harness/standIn';
import { useEmulator } from '../../../support/emulatorFixture';
import { newPerson } from '../../../support/people';

/** A PUT of an empty tag list through n8n-core's `httpRequestWithAuthentication`, its options made by `build`. */
const putEmptyTags = (path: string, build: (options: IHttpRequestOptions) => IHttpRequestOptions) =>
	standInNode('Empty body probe', 'emptyBodyProbe', {
		async execute(this: IExecuteFunctions) {
			const credentials = await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL);
			const options = build({
				method: 'PUT',
				baseURL: baseUrl(credentials, 'integration'),
				url: path,
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			});
			await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL, options);
			return [[{ json: {} }]];
		},
	});

describe("n8n sends no body for an empty array; jsonArrayBody sends it as JSON text (n8n-core's request helper)", () => {
	const fx = useEmulator();

	it.each<[string, (options: IHttpRequestOptions) => IHttpRequestOptions, object]>([
		[
			'the empty array as it is: the service gets no body and refuses',
			(options) => ({ ...options, body: [] }),
			{ body: undefined, status: 400 },
		],
		[
			'through jsonArrayBody: the service gets [] and removes every tag',
			(options) => jsonArrayBody(options, []),
			{ body: [], status: 200 },
		],
	])('%s', async (_label, build, received) => {
		const { employeeNumber } = newPerson(fx);
		const path = `/api/v5/integration/employees/${employeeNumber}/tags`;
		await executeStandIn(fx.credentials, putEmptyTags(path, build));
		expect(fx.apiRequests()).toEqual([expect.objectContaining({ method: 'PUT', ...received })]);
	});
});
