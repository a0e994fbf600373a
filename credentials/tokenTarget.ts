import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

/**
 * Where the credential may send its token: only to URLs under one of its two API bases. Used by
 * the credential's `authenticate` for every request it signs: this node's own, the HTTP Request
 * node's ("Custom API Call") and any other node that borrows the credential.
 */

export type ApiName = 'integration' | 'extraction';

export interface ApiBase {
	api: ApiName;
	/** The base as the user typed it, without trailing slashes (for messages). */
	text: string;
	url: URL;
	/** The base's path without trailing slashes; '' for a bare origin. */
	path: string;
}

/** What `authenticate` can be handed: n8n's request options, or the HTTP Request node's (legacy, URL in `uri`). */
export type SignedRequest = IHttpRequestOptions & {
	uri?: unknown;
	followRedirect?: boolean;
	followAllRedirects?: boolean;
};

const LABEL: Record<ApiName, string> = {
	integration: 'Integration API Base URL',
	extraction: 'Data Extraction API Base URL',
};

/** n8n's HTTP client (axios) treats these as absolute and ignores `baseURL` for them. */
const ABSOLUTE = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/**
 * The URL a request will reach, worked out as n8n's HTTP client does: `url` wins over `uri` (the
 * legacy request adapter), and a relative one is appended to `baseURL` (axios' combineURLs).
 */
export function requestTarget(options: SignedRequest): string {
	const raw = options.url ?? options.uri;
	const url = raw === undefined || raw === null ? '' : String(raw);
	const base =
		options.baseURL === undefined || options.baseURL === null ? '' : String(options.baseURL);
	if (base && !ABSOLUTE.test(url))
		return url ? `${base.replace(/\/?\/$/, '')}/${url.replace(/^\/+/, '')}` : base;
	return url;
}

/** The credential's configured bases that parse as http(s) URLs. */
export function configuredBases(credentials: ICredentialDataDecryptedObject): ApiBase[] {
	const bases: ApiBase[] = [];
	for (const [api, key] of [
		['integration', 'integrationBaseUrl'],
		['extraction', 'extractionBaseUrl'],
	] as const) {
		const text = String(credentials[key] ?? '')
			.trim()
			.replace(/\/+$/, '');
		const url = parseHttp(text);
		if (url) bases.push({ api, text, url, path: url.pathname.replace(/\/+$/, '') });
	}
	return bases;
}

/**
 * The base a target lies under: same scheme, host and port, and a path equal to the base's or
 * below it segment by segment (`/core` covers `/core/api`, never `/corex`). Compared after URL
 * parsing, the way the request is sent, so `..` segments, userinfo and look-alike hosts cannot
 * pass as the base. When both bases cover a URL (one nested in the other), the longer one wins.
 */
export function baseCovering(target: string, bases: ApiBase[]): ApiBase | undefined {
	const url = parseHttp(target);
	if (!url || url.username !== '' || url.password !== '') return undefined;
	return bases
		.filter(
			(b) =>
				b.url.origin === url.origin &&
				(b.path === '' || url.pathname === b.path || url.pathname.startsWith(`${b.path}/`)),
		)
		.sort((a, b) => b.path.length - a.path.length)[0];
}

/** Why a target was refused, naming its origin (never its path or query, which can carry data) and the fix. */
export function refusal(target: string, bases: ApiBase[]): string {
	const url = parseHttp(target);
	const configured = bases.map((b) => `the ${LABEL[b.api]} (${b.text})`).join(' or ');
	const fix = configured
		? ` Use a URL that starts with ${configured}.`
		: ' Set the API base URLs in the Workforce API credential.';
	if (!url)
		return `Refusing to send the Workforce token to ${target.trim() === '' ? 'an empty URL' : 'an invalid URL'}: it is not one of the credential's API bases.${fix}`;
	const why =
		url.username !== '' || url.password !== ''
			? ' (a URL with a user name or password)'
			: bases.some((b) => b.url.origin === url.origin)
				? ' (a path outside the base)'
				: '';
	return `Refusing to send the Workforce token to ${url.origin}${why}: it is not one of the credential's API bases.${fix}`;
}

/**
 * n8n follows redirects for the HTTP Request node. On every hop it checks `allowedDomains`, so a
 * redirect to any host but the base's fails before it is made (n8n's error names that host); and
 * it never re-adds the token on a hop to another origin. A list the user set on the credential
 * (Allowed HTTP Request Domains) is only ever narrowed, never widened.
 */
export function guardRedirects(options: SignedRequest, base: ApiBase) {
	const host = base.url.hostname;
	const userList = typeof options.allowedDomains === 'string' ? options.allowedDomains.trim() : '';
	if (userList === '' || domainListAllows(userList, host)) options.allowedDomains = host;
	options.sendCredentialsOnCrossOriginRedirect = false;
}

/** Sets the bearer header, replacing one of any spelling the caller set. */
export function setBearer(options: SignedRequest, token: string) {
	const headers = { ...(options.headers ?? {}) };
	for (const name of Object.keys(headers))
		if (name.toLowerCase() === 'authorization') delete headers[name];
	headers.Authorization = `Bearer ${token}`;
	options.headers = headers;
}

/** Only scheme, host and port: never a path or query that could carry data. */
export function safeOrigin(url: string): string {
	try {
		return new URL(url).origin;
	} catch {
		return 'an invalid URL';
	}
}

function parseHttp(text: string): URL | undefined {
	try {
		const url = new URL(text);
		return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
	} catch {
		return undefined;
	}
}

/** n8n's rule for its domain lists: exact host names, `*.example.com` for subdomains only. */
function domainListAllows(list: string, host: string): boolean {
	return list
		.split(',')
		.map((d) => d.trim().toLowerCase().replace(/\.$/, ''))
		.filter(Boolean)
		.some((d) => (d.startsWith('*.') ? d.length > 2 && host.endsWith(d.slice(1)) : d === host));
}
