import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { credentialTypes } from '../harness/nodeTypes';

type Options = Record<string, unknown>;
const authenticate = credentialTypes.workforceApi.authenticate as unknown as (
	c: IDataObject,
	o: IHttpRequestOptions,
) => Promise<Options>;

const INTEGRATION_TOKEN = 'integration-token-0123456789';
const EXTRACTION_TOKEN = 'extraction-token-0123456789';
const credentials = (overrides: IDataObject = {}): IDataObject => ({
	integrationBaseUrl: 'https://api.example.com/core',
	extractionBaseUrl: 'https://api.example.com/reporting/',
	accessToken: JSON.stringify({
		tokens: [
			{ scopes: ['svcapiv3'], token: INTEGRATION_TOKEN },
			{ scopes: ['reportingapiv1'], token: EXTRACTION_TOKEN },
		],
		refused: [],
	}),
	...overrides,
});
const sign = (options: Options, overrides?: IDataObject) =>
	authenticate(credentials(overrides), options as unknown as IHttpRequestOptions);
const REFUSED =
	/^Refusing to send the Workforce token to (.+): it is not one of the credential's API bases\. Use a URL that starts with the Integration API Base URL \(https:\/\/api\.example\.com\/core\) or the Data Extraction API Base URL \(https:\/\/api\.example\.com\/reporting\)\.$/;

/**
 * The credential's `authenticate` on every shape of request options n8n hands it: its own
 * helpers (`url` + `baseURL`), the HTTP Request node's legacy options (`uri`, `url` winning over
 * `uri`), pagination, and the tricks that make a URL look like a base.
 */
describe('Security: the credential signs only URLs under its bases, in every request shape', () => {
	it.each<[string, Options, string]>([
		[
			'legacy uri (the HTTP Request node)',
			{ uri: 'https://api.example.com/core/api/MachineType' },
			INTEGRATION_TOKEN,
		],
		['url', { url: 'https://api.example.com/reporting/v1/images' }, EXTRACTION_TOKEN],
		[
			'baseURL and a relative url (this node)',
			{ baseURL: 'https://api.example.com/core', url: '/api/MachineType' },
			INTEGRATION_TOKEN,
		],
		[
			'baseURL with a trailing slash and a url without one',
			{ baseURL: 'https://api.example.com/reporting/', url: 'v1/images' },
			EXTRACTION_TOKEN,
		],
		['the base itself', { uri: 'https://api.example.com/core' }, INTEGRATION_TOKEN],
		[
			'a query right after the base',
			{ uri: 'https://api.example.com/core?x=1' },
			INTEGRATION_TOKEN,
		],
		[
			'scheme and host in capitals, the default port spelled out',
			{ uri: 'HTTPS://API.EXAMPLE.COM:443/core/api/x' },
			INTEGRATION_TOKEN,
		],
		[
			'a uri given as a URL object',
			{ uri: new URL('https://api.example.com/reporting/v1/images') },
			EXTRACTION_TOKEN,
		],
		[
			'url and uri both set: n8n sends to url',
			{ url: 'https://api.example.com/core/api/x', uri: 'https://evil.example/x' },
			INTEGRATION_TOKEN,
		],
	])('signs %s with the token of that base', async (_name, options, token) => {
		const signed = await sign(options);
		expect(signed.headers).toEqual({ Authorization: `Bearer ${token}` });
		expect(signed.sendCredentialsOnCrossOriginRedirect).toBe(false);
		expect(signed.allowedDomains).toBe('api.example.com');
	});

	it.each<[string, Options, string]>([
		['another origin', { uri: 'https://evil.example/core/api/x' }, 'https://evil.example'],
		[
			'a look-alike path prefix',
			{ uri: 'https://api.example.com/corex/api/x' },
			'https://api.example.com (a path outside the base)',
		],
		[
			'a base name inside a longer segment',
			{ uri: 'https://api.example.com/core.evil.example/api' },
			'https://api.example.com (a path outside the base)',
		],
		[
			'a look-alike host',
			{ uri: 'https://api.example.com.evil.example/core/api/x' },
			'https://api.example.com.evil.example',
		],
		[
			'the base host as userinfo of another',
			{ uri: 'https://api.example.com@evil.example/core/api/x' },
			'https://evil.example (a URL with a user name or password)',
		],
		[
			'userinfo on the base host',
			{ uri: 'https://evil.example@api.example.com/core/api/x' },
			'https://api.example.com (a URL with a user name or password)',
		],
		[
			'a dot-dot path out of the base',
			{ uri: 'https://api.example.com/core/../admin' },
			'https://api.example.com (a path outside the base)',
		],
		[
			'an encoded dot-dot path out of the base',
			{ uri: 'https://api.example.com/core/%2E%2E/admin' },
			'https://api.example.com (a path outside the base)',
		],
		['another scheme', { uri: 'http://api.example.com/core/api/x' }, 'http://api.example.com'],
		[
			'another port',
			{ uri: 'https://api.example.com:8443/core/api/x' },
			'https://api.example.com:8443',
		],
		[
			'an absolute url next to baseURL: n8n sends to the url',
			{ baseURL: 'https://api.example.com/core', url: 'https://evil.example/api/x' },
			'https://evil.example',
		],
		[
			'a protocol-relative url next to baseURL',
			{ baseURL: 'https://api.example.com/core', url: '//evil.example/api/x' },
			'an invalid URL',
		],
		[
			'url and uri both set: n8n sends to url',
			{ url: 'https://evil.example/x', uri: 'https://api.example.com/core/api/x' },
			'https://evil.example',
		],
		['a non-http scheme', { uri: 'file:///etc/passwd' }, 'an invalid URL'],
		['no URL at all', {}, 'an empty URL'],
	])('refuses %s, naming only the origin', async (_name, options, named) => {
		const refused = sign(options);
		await expect(refused).rejects.toThrow(REFUSED);
		const message = String(await refused.catch((e: Error) => e.message));
		expect(REFUSED.exec(message)?.[1]).toBe(named);
		expect(message).not.toMatch(/admin|passwd|\/api\/x/);
	});

	it('the longer base wins when one base lies inside the other', async () => {
		const nested = {
			integrationBaseUrl: 'https://api.example.com',
			extractionBaseUrl: 'https://api.example.com/reporting',
		};
		expect(
			(await sign({ uri: 'https://api.example.com/reporting/v1/images' }, nested)).headers,
		).toEqual({ Authorization: `Bearer ${EXTRACTION_TOKEN}` });
		expect((await sign({ uri: 'https://api.example.com/reportingx/v1' }, nested)).headers).toEqual({
			Authorization: `Bearer ${INTEGRATION_TOKEN}`,
		});
		expect(
			(await sign({ uri: 'https://api.example.com/api/MachineType' }, nested)).headers,
		).toEqual({ Authorization: `Bearer ${INTEGRATION_TOKEN}` });
	});

	it('bases on two hosts: each request may only be redirected within its own host', async () => {
		const twoHosts = { extractionBaseUrl: 'https://reporting.example.com' };
		expect(
			(await sign({ uri: 'https://reporting.example.com/v1/images' }, twoHosts)).allowedDomains,
		).toBe('reporting.example.com');
		expect(
			(await sign({ uri: 'https://api.example.com/core/api/x' }, twoHosts)).allowedDomains,
		).toBe('api.example.com');
	});

	it('replaces an Authorization header of any spelling and keeps the other headers', async () => {
		const signed = await sign({
			uri: 'https://api.example.com/core/api/x',
			headers: {
				authorization: 'Bearer typed',
				AUTHORIZATION: 'Basic x',
				accept: 'application/json',
			},
		});
		expect(signed.headers).toEqual({
			accept: 'application/json',
			Authorization: `Bearer ${INTEGRATION_TOKEN}`,
		});
	});

	it.each<[string, string, string]>([
		[
			'a wider list of the user (Allowed HTTP Request Domains) is narrowed to the base host',
			'example.com, api.example.com',
			'api.example.com',
		],
		[
			'a wildcard list that covers the base host is narrowed to it',
			'*.example.com',
			'api.example.com',
		],
		[
			'a list without the base host is kept: n8n refuses the request itself',
			'other.example',
			'other.example',
		],
	])('%s', async (_name, userList, expected) => {
		const signed = await sign({
			uri: 'https://api.example.com/core/api/x',
			allowedDomains: userList,
			sendCredentialsOnCrossOriginRedirect: true,
		});
		expect(signed.allowedDomains).toBe(expected);
		expect(signed.sendCredentialsOnCrossOriginRedirect).toBe(false);
	});

	it('a token stored by an older version (a plain string) is sent to both bases, and only there', async () => {
		const plain = { accessToken: 'plain-token-0123456789' };
		expect(
			(await sign({ uri: 'https://api.example.com/reporting/v1/images' }, plain)).headers,
		).toEqual({ Authorization: 'Bearer plain-token-0123456789' });
		await expect(sign({ uri: 'https://evil.example/v1/images' }, plain)).rejects.toThrow(REFUSED);
	});

	it('a token past its renewal time is never sent: the 401-shaped error makes n8n fetch a new one', async () => {
		const stored = (renewAt?: number) => ({
			accessToken: JSON.stringify({
				tokens: [{ scopes: [], token: 'old-token-0123456789', renewAt }],
				refused: [],
			}),
		});
		const options = { uri: 'https://api.example.com/core/api/x' };
		const expired = await sign({ ...options }, stored(Date.now() - 1)).catch(
			(e: Error & { httpCode?: string; response?: { status?: number } }) => e,
		);
		expect(expired).toMatchObject({
			message: 'The stored Workforce token has expired; a new one is fetched.',
			httpCode: '401',
			response: { status: 401 },
		});
		expect((await sign({ ...options }, stored(Date.now() + 60_000))).headers).toEqual({
			Authorization: 'Bearer old-token-0123456789',
		});
		// An issuer that gives no expires_in: the token is used until the service answers 401.
		expect((await sign({ ...options }, stored(undefined))).headers).toEqual({
			Authorization: 'Bearer old-token-0123456789',
		});
	});
});
