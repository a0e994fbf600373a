import type {
	IAuthenticate,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

/** Tokens kept in the credential's hidden `accessToken` field: one per scope set that the client holds. */
interface StoredToken {
	scopes: string[];
	token: string;
}

/** The data extraction scope has a fixed name; every other scope is for the integration API. */
const EXTRACTION_SCOPE = /^reportingapi/i;

export class WorkforceApi implements ICredentialType {
	name = 'workforceApi';

	displayName = 'Workforce API';

	documentationUrl = 'https://github.com/n8n-nodes-workforce/n8n-nodes-workforce#credentials';

	icon: Icon = { light: 'file:../nodes/Workforce/workforce.svg', dark: 'file:../nodes/Workforce/workforce.dark.svg' };

	properties: INodeProperties[] = [
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			description: 'ID of the API client an administrator created for your company',
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Scopes',
			name: 'scopes',
			type: 'string',
			default: 'svcapiv3 reportingapiv1',
			required: true,
			description:
				'Space-separated scopes to request: the integration scope (its name carries your vendor brand) and reportingapiv1 for data extraction. A client that holds only one of them still works for the API it covers.',
		},
		{
			displayName: 'Integration API Base URL',
			name: 'integrationBaseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example.com/core',
			description: 'Base of every /api/... path; it may carry a path. Test and production have their own.',
		},
		{
			displayName: 'Data Extraction API Base URL',
			name: 'extractionBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://api.example.com/reporting',
			description: 'Base of every /v1/... path (time registrations, payroll lines, images); it may carry a path',
		},
		{
			displayName: 'Token Issuer Base URL',
			name: 'identityBaseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://identity.example.com',
			description: '/connect/token is appended to it',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	/** Fetches a token (n8n calls this when the stored one is empty, on a 401, and when testing). */
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const scopes = splitScopes(credentials.scopes);
		const combined = await requestToken(this, credentials, scopes);
		let tokens: StoredToken[];
		if (combined.ok) {
			tokens = [{ scopes, token: combined.token }];
		} else if (combined.error === 'invalid_scope' && scopes.length > 1) {
			// A client may hold only some of the scopes: keep a token for each one it does hold.
			tokens = [];
			const refused: string[] = [];
			for (const scope of scopes) {
				const single = await requestToken(this, credentials, [scope]);
				if (single.ok) tokens.push({ scopes: [scope], token: single.token });
				else if (single.error === 'invalid_scope') refused.push(scope);
				else throw new Error(single.message);
			}
			if (!tokens.length) throw new Error(combined.message);
		} else {
			throw new Error(combined.message);
		}
		return { accessToken: JSON.stringify(tokens) };
	}

	/** Sends the token that covers the API being called, and only to the configured bases. */
	authenticate: IAuthenticate = async (credentials, requestOptions) => {
		const tokens = parseTokens(credentials.accessToken);
		const url = absoluteUrl(requestOptions);
		const bases = [credentials.integrationBaseUrl, credentials.extractionBaseUrl]
			.filter((b): b is string => typeof b === 'string' && b !== '')
			.map(trimSlash);
		if (!bases.some((base) => url === base || url.startsWith(base + '/') || url.startsWith(base + '?'))) {
			throw new Error(
				`Refusing to send the Workforce token to ${safeOrigin(url)}: it is not one of the credential's API bases.`,
			);
		}
		const extraction =
			typeof credentials.extractionBaseUrl === 'string' &&
			credentials.extractionBaseUrl !== '' &&
			url.startsWith(trimSlash(credentials.extractionBaseUrl));
		const chosen =
			tokens.find((t) => t.scopes.some((s) => EXTRACTION_SCOPE.test(s) === extraction)) ?? tokens[0];
		requestOptions.headers = { ...(requestOptions.headers ?? {}), Authorization: `Bearer ${chosen?.token ?? ''}` };
		return requestOptions;
	};

	test: ICredentialTestRequest = {
		request: {
			// A client with only the extraction scope is tested against the extraction API.
			baseURL:
				'={{ String($credentials.scopes).split(/\\s+/).filter(s => s && !/^reportingapi/i.test(s)).length ? $credentials.integrationBaseUrl : $credentials.extractionBaseUrl }}',
			url: '={{ String($credentials.scopes).split(/\\s+/).filter(s => s && !/^reportingapi/i.test(s)).length ? "/api/MachineType" : "/v1/images?ChunkLimit=1" }}',
			method: 'GET',
		},
	};
}

type TokenResult = { ok: true; token: string } | { ok: false; error: string; message: string };

async function requestToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	scopes: string[],
): Promise<TokenResult> {
	const base = trimSlash(String(credentials.identityBaseUrl ?? ''));
	if (!/^https?:\/\//i.test(base)) {
		return {
			ok: false,
			error: 'configuration',
			message: 'Token Issuer Base URL must start with http:// or https:// (for example https://identity.example.com).',
		};
	}
	const url = `${base}/connect/token`;
	const form = new URLSearchParams({
		grant_type: 'client_credentials',
		client_id: String(credentials.clientId ?? ''),
		client_secret: String(credentials.clientSecret ?? ''),
		scope: scopes.join(' '),
	});
	let response: { statusCode: number; body: unknown };
	try {
		const options: IHttpRequestOptions = {
			method: 'POST',
			url,
			body: form.toString(),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			json: false,
		};
		response = (await helper.helpers.httpRequest(options)) as { statusCode: number; body: unknown };
	} catch (error) {
		const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
		return {
			ok: false,
			error: 'unreachable',
			message: `Could not reach the token issuer at ${safeOrigin(url)}${code ? ` (${networkProblem(code)})` : ''}. Check Token Issuer Base URL and that the host is reachable from n8n.`,
		};
	}
	const body = parseBody(response.body);
	if (response.statusCode >= 200 && response.statusCode < 300 && typeof body.access_token === 'string') {
		return { ok: true, token: body.access_token };
	}
	const error = typeof body.error === 'string' ? body.error : `http_${response.statusCode}`;
	const messages: Record<string, string> = {
		invalid_client:
			'The token issuer refused the client ID or secret (invalid_client). Check Client ID and Client Secret, and that they belong to this environment (test or production).',
		invalid_scope: `The API client does not hold the requested scope(s) "${scopes.join(' ')}" (invalid_scope). Ask the administrator to grant them, or list only the scopes the client holds in Scopes.`,
		unauthorized_client: 'The API client may not use the client credentials grant (unauthorized_client).',
	};
	return {
		ok: false,
		error,
		message:
			messages[error] ??
			`The token issuer at ${safeOrigin(url)} answered HTTP ${response.statusCode}${typeof body.error_description === 'string' ? `: ${body.error_description}` : ''}. Check Token Issuer Base URL.`,
	};
}

/**
 * A network error code in words: n8n replaces a whole error message that mentions a code such as
 * ECONNREFUSED with its own generic sentence, which would hide which host could not be reached.
 */
function networkProblem(code: string): string {
	const words: Record<string, string> = {
		ECONNREFUSED: 'connection refused',
		ECONNRESET: 'connection reset',
		ECONNABORTED: 'connection aborted',
		ENOTFOUND: 'host name not found',
		EAI_AGAIN: 'host name lookup failed',
		ETIMEDOUT: 'timed out',
		EHOSTUNREACH: 'host unreachable',
		EADDRNOTAVAIL: 'address not available',
	};
	return words[code.toUpperCase()] ?? code;
}

function parseBody(body: unknown): Record<string, unknown> {
	if (typeof body === 'string') {
		try {
			return JSON.parse(body) as Record<string, unknown>;
		} catch {
			return {};
		}
	}
	if (Buffer.isBuffer(body)) return parseBody(body.toString('utf8'));
	return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

function splitScopes(value: unknown): string[] {
	return String(value ?? '')
		.split(/[\s,]+/)
		.filter(Boolean);
}

function parseTokens(value: unknown): StoredToken[] {
	if (typeof value !== 'string' || value === '') return [];
	try {
		const parsed = JSON.parse(value) as StoredToken[];
		return Array.isArray(parsed) ? parsed : [];
	} catch {
		return [{ scopes: [], token: value }];
	}
}

function trimSlash(url: string): string {
	return url.trim().replace(/\/+$/, '');
}

function absoluteUrl(options: IHttpRequestOptions): string {
	const url = String(options.url ?? '');
	if (/^https?:\/\//i.test(url) || !options.baseURL) return url;
	return `${trimSlash(String(options.baseURL))}/${url.replace(/^\/+/, '')}`;
}

/** Only scheme, host and port: never a path or query that could carry data. */
function safeOrigin(url: string): string {
	try {
		return new URL(url).origin;
	} catch {
		return 'an invalid URL';
	}
}
