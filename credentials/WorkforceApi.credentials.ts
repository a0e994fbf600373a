/**
 * Not built on n8n's OAuth2 credential (client credentials grant): that keeps one token for every
 * URL a node names, while a client may hold only one of the two scopes (one token per scope here,
 * each sent only to its own API's base) and this token must never reach another host.
 */

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

import { refusedMark, tokenExpired } from '../nodes/shared/n8nInternals/tokenRenewal';
import { networkProblem } from '../nodes/shared/transport/network';
import {
	baseCovering,
	configuredBases,
	guardRedirects,
	refusal,
	requestTarget,
	safeOrigin,
	setBearer,
	type SignedRequest,
} from './tokenTarget';

/** Tokens kept in the credential's hidden `accessToken` field: one per scope set that the client holds. */
interface StoredToken {
	scopes: string[];
	token: string;
	/** When to fetch a new one (epoch ms): a little before the issuer's `expires_in` runs out. Absent when it gave none. */
	renewAt?: number;
}

interface StoredTokens {
	tokens: StoredToken[];
	/** Scopes the token issuer refused (invalid_scope): requests to their API fail before sending. */
	refused: string[];
	/** When the fetch started (epoch ms): tells which of two workers' tokens is the newer. */
	fetchedAt?: number;
}

/**
 * This process's latest token fetch per client, kept while in flight and for RECENT_FETCH_MS after,
 * so that the items of a run and the executions a queue-mode worker runs at once, meeting an
 * expired token together, share one fetch (n8n has no such lock for a credential's
 * preAuthentication; the queue suite's 20 concurrent runs cost at most 4 token requests).
 * Safe in queue mode: it only saves requests and is never needed for correctness. The token lives
 * in the credential, where every worker finds it; a worker without an entry simply fetches; a caller
 * holding the very token fetched here (the service refused it), or a token due for renewal, always
 * gets a new fetch; an entry serves others for 2 s at most, and the next fetch replaces it.
 */
const recentFetches = new Map<
	string,
	{ fetch: Promise<{ accessToken: string }>; settledAt?: number; accessToken?: string }
>();
/**
 * Long enough for the executions that met one revocation together, short because a token handed
 * out this way may itself predate a later revocation: n8n repeats a request once after a 401, so
 * that caller would fail. With 30 s, a queue-mode CI run failed that way (tokens revoked twice
 * within seconds, the stored token older than this worker's).
 */
const RECENT_FETCH_MS = 2_000;

/** The data extraction scope has a fixed name; every other scope is for the integration API. */
const EXTRACTION_SCOPE = /^reportingapi/i;

export class WorkforceApi implements ICredentialType {
	name = 'workforceApi';

	displayName = 'Workforce API';

	documentationUrl =
		'https://github.com/n8n-nodes-workforce/n8n-nodes-workforce/blob/main/docs/credential.md';

	icon: Icon = {
		light: 'file:../nodes/Workforce/workforce.svg',
		dark: 'file:../nodes/Workforce/workforce.dark.svg',
	};

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
			description:
				'Base of every /api/... path; it may carry a path. Test and production have their own.',
		},
		{
			displayName: 'Data Extraction API Base URL',
			name: 'extractionBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://api.example.com/reporting',
			description:
				'Base of every /v1/... path (time registrations, payroll lines, images); it may carry a path',
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
		const key = [
			credentials.identityBaseUrl,
			credentials.clientId,
			credentials.clientSecret,
			credentials.scopes,
		].join('\n');
		const recent = recentFetches.get(key);
		if (recent?.settledAt === undefined && recent) return await recent.fetch;
		if (
			recent?.accessToken !== undefined &&
			reusable(
				recent.accessToken,
				recent.settledAt!,
				refusedMark(credentials.accessToken)?.accessToken ?? credentials.accessToken,
			)
		)
			return { accessToken: recent.accessToken };
		const entry: {
			fetch: Promise<{ accessToken: string }>;
			settledAt?: number;
			accessToken?: string;
		} = { fetch: fetchTokens(this, credentials) };
		recentFetches.set(key, entry);
		try {
			const fetched = await entry.fetch;
			entry.settledAt = Date.now();
			entry.accessToken = fetched.accessToken;
			return fetched;
		} catch (error) {
			if (recentFetches.get(key) === entry) recentFetches.delete(key);
			throw error;
		}
	}

	/**
	 * Sends the token that covers the API being called, and only to URLs under the configured
	 * bases, whatever shape n8n hands the request in (this node's `url` + `baseURL`, the HTTP
	 * Request node's `uri`); a redirect can never carry it to another origin.
	 */
	authenticate: IAuthenticate = async (credentials, requestOptions) => {
		const options = requestOptions as SignedRequest;
		const bases = configuredBases(credentials);
		const target = requestTarget(options);
		const base = baseCovering(target, bases);
		if (!base) throw new Error(refusal(target, bases));
		const extraction = base.api === 'extraction';
		const refused = refusedMark(credentials.accessToken);
		const stored = parseTokens(refused?.accessToken ?? credentials.accessToken);
		const covers = (t: StoredToken) =>
			t.scopes.length === 0 || t.scopes.some((s) => EXTRACTION_SCOPE.test(s) === extraction);
		const chosen = stored.tokens.find(covers);
		if (!chosen) {
			const missing = stored.refused.filter((s) => EXTRACTION_SCOPE.test(s) === extraction);
			throw new Error(
				`The API client does not hold the ${extraction ? 'data extraction' : 'integration'} scope${missing.length ? ` (${missing.join(' ')} was refused with invalid_scope)` : ''}, so it cannot call the ${extraction ? 'data extraction' : 'integration'} API. Ask the administrator to grant it, or use a credential whose client holds it.`,
			);
		}
		// Due for renewal, or the bearer the service refused: n8n renews on this 401 and sends once more.
		if (
			(refused !== undefined && (refused.bearer === '' || refused.bearer === chosen.token)) ||
			(chosen.renewAt !== undefined && Date.now() >= chosen.renewAt)
		)
			throw tokenExpired();
		setBearer(options, chosen.token);
		guardRedirects(options, base);
		return options;
	};

	test: ICredentialTestRequest = {
		request: {
			// A client with only the extraction scope is tested against the extraction API.
			baseURL:
				'={{ String($credentials.scopes).split(/\\s+/).filter(s => s && !/^reportingapi/i.test(s)).length ? $credentials.integrationBaseUrl : $credentials.extractionBaseUrl }}',
			disableFollowRedirect: true,
			url: '={{ String($credentials.scopes).split(/\\s+/).filter(s => s && !/^reportingapi/i.test(s)).length ? "/api/MachineType" : "/v1/images?ChunkLimit=1" }}',
			method: 'GET',
		},
	};
}

/**
 * A token this process fetched a moment ago serves a caller that still holds an older one; never the
 * caller that holds this very token (the service refused it), and never once it is due for renewal.
 */
function reusable(fetched: string, settledAt: number, callerHolds: unknown): boolean {
	const now = Date.now();
	// A caller without a token (first use, a test) fetches its own.
	if (
		now - settledAt >= RECENT_FETCH_MS ||
		typeof callerHolds !== 'string' ||
		callerHolds === '' ||
		callerHolds === fetched
	)
		return false;
	const ours = parseTokens(fetched);
	const theirs = parseTokens(callerHolds);
	// Another worker's token fetched after ours was refused: ours is no better.
	if (
		theirs.fetchedAt !== undefined &&
		ours.fetchedAt !== undefined &&
		theirs.fetchedAt >= ours.fetchedAt
	)
		return false;
	return ours.tokens.every((t) => t.renewAt === undefined || now < t.renewAt);
}

/** One token for all scopes, or, when the client holds only some of them, one per scope it holds. */
async function fetchTokens(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<{ accessToken: string }> {
	const scopes = splitScopes(credentials.scopes);
	const fetchedAt = Date.now();
	const combined = await requestToken(helper, credentials, scopes);
	const stored: StoredTokens = { tokens: [], refused: [], fetchedAt };
	if (combined.ok) {
		stored.tokens.push({ scopes, token: combined.token, renewAt: combined.renewAt });
	} else if (combined.error === 'invalid_scope' && scopes.length > 1) {
		for (const scope of scopes) {
			const single = await requestToken(helper, credentials, [scope]);
			if (single.ok)
				stored.tokens.push({ scopes: [scope], token: single.token, renewAt: single.renewAt });
			else if (single.error === 'invalid_scope') stored.refused.push(scope);
			else throw new Error(single.message);
		}
		if (!stored.tokens.length) throw new Error(combined.message);
	} else {
		throw new Error(combined.message);
	}
	return { accessToken: JSON.stringify(stored) };
}

type TokenResult =
	| { ok: true; token: string; renewAt?: number }
	| { ok: false; error: string; message: string };

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
			message:
				'Token Issuer Base URL must start with http:// or https:// (for example https://identity.example.com).',
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
			// A 307/308 would resend the form, client secret included, to wherever Location points.
			disableFollowRedirect: true,
		};
		response = (await helper.helpers.httpRequest(options)) as { statusCode: number; body: unknown };
	} catch (error) {
		const code =
			(error as { code?: string; cause?: { code?: string } }).code ??
			(error as { cause?: { code?: string } }).cause?.code;
		return {
			ok: false,
			error: 'unreachable',
			message: `Could not reach the token issuer at ${safeOrigin(url)}${code ? ` (${networkProblem(code)})` : ''}. Check Token Issuer Base URL and that the host is reachable from n8n.`,
		};
	}
	const body = parseBody(response.body);
	if (
		response.statusCode >= 200 &&
		response.statusCode < 300 &&
		typeof body.access_token === 'string'
	) {
		return { ok: true, token: body.access_token, renewAt: renewAt(body.expires_in) };
	}
	const error = typeof body.error === 'string' ? body.error : `http_${response.statusCode}`;
	const messages: Record<string, string> = {
		invalid_client:
			'The token issuer refused the client ID or secret (invalid_client). Check Client ID and Client Secret, and that they belong to this environment (test or production).',
		invalid_scope: `The API client does not hold the requested scope(s) "${scopes.join(' ')}" (invalid_scope). Ask the administrator to grant them, or list only the scopes the client holds in Scopes.`,
		unauthorized_client:
			'The API client may not use the client credentials grant (unauthorized_client).',
	};
	return {
		ok: false,
		error,
		message:
			messages[error] ??
			`The token issuer at ${safeOrigin(url)} answered HTTP ${response.statusCode}${typeof body.error_description === 'string' ? `: ${body.error_description}` : ''}. Check Token Issuer Base URL.`,
	};
}

/** A minute before the token runs out (a tenth of its lifetime for short-lived ones), so it does not expire in flight. */
function renewAt(expiresIn: unknown): number | undefined {
	const seconds = Number(expiresIn);
	if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
	return Date.now() + seconds * 1000 - Math.min(60_000, seconds * 100);
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

function parseTokens(value: unknown): StoredTokens {
	if (typeof value !== 'string' || value === '') return { tokens: [], refused: [] };
	try {
		const parsed = JSON.parse(value) as StoredTokens;
		return {
			tokens: Array.isArray(parsed.tokens) ? parsed.tokens : [],
			refused: Array.isArray(parsed.refused) ? parsed.refused : [],
			fetchedAt: typeof parsed.fetchedAt === 'number' ? parsed.fetchedAt : undefined,
		};
	} catch {
		return { tokens: [{ scopes: [], token: value }], refused: [] };
	}
}

function trimSlash(url: string): string {
	return url.trim().replace(/\/+$/, '');
}
