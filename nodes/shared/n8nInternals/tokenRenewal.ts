import type {
	IAdditionalCredentialOptions,
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';

/**
 * Relies on: n8n's request helpers (n8n-core's `httpRequestWithAuthentication` and
 * `requestWithAuthentication`, which the routing engine and the HTTP Request node use) call the
 * credential's `preAuthentication` for a new token, store it in the credential and repeat the
 * request once when it fails with a 401 read from the error's `response.status`, also when the
 * credential's `authenticate` threw it (`httpCode` for n8n's error messages); n8n has no public
 * way for a credential's `authenticate` to ask for a renewal. A stored token past its renewal time
 * is never sent: `authenticate` throws this error, which looks like the 401 the service would
 * answer, so n8n renews on every path; the HTTP Request node's pagination would otherwise keep
 * sending the expired token (it reads a 401 page as an answer and never refreshes).
 *
 * A 401 the service answers before the token's renewal time (revoked, the client reset) is
 * renewed by this package, the same way on every n8n. Its requests take every status as an answer
 * (`ignoreHttpStatusErrors: true`): the `{ ignore, except: [401] }` n8n 2.x types is read as
 * "ignore all" by n8n 1.x (n8n-core 1.122.48 in 1.123.81), which then never renewed. A 401 answer
 * is sent once more with `credentialsDecrypted` (`IAdditionalCredentialOptions`, how the routing
 * engine hands n8n the credential data), its token field marked with the bearer the 401 answered
 * (read from the options object n8n handed `authenticate`, which set the header on it):
 * `authenticate` throws the 401 above for that bearer, so n8n renews (a fetch, or the token
 * another request just fetched), stores the new token over the mark and sends; a newer token
 * already stored is sent at once. The second send takes every status as an answer too: a second
 * 401 is the node's error, never a third send. Routed operations: n8n's routing engine hands the
 * preSend and postReceive steps of one item the same context object and sends the options object
 * the last preSend returns (every preSend here returns the object it was given), so the last
 * preSend keeps it for the first postReceive step, which sends it once more after a 401.
 * Proven on n8n 2.41.1 (test/nodes/shared/n8nInternals/tokenRenewal.test.ts and
 * test/credentials/ through n8n-core 2.41.1, the e2e suite) and on n8n 1.123.81 (n8n-core
 * 1.122.48): test/e2e/tokenRevoked.e2e.ts in the smoke subset, a routed and a custom operation
 * (before this, 1.123.81 failed it: the 401 came back and no token was fetched). n8n-core 1.x is no
 * dev dependency: the path is the same on both, and its minutes of `npm ci` would prove no more.
 */
export function tokenExpired(): Error {
	return Object.assign(new Error('The stored Workforce token has expired; a new one is fetched.'), {
		httpCode: '401',
		response: { status: 401 },
	});
}

/**
 * The mark n8n hands `authenticate` for the second send, in the credential's expirable field: the
 * bearer the service refused, then the stored tokens. n8n replaces that field with what
 * `preAuthentication` returns and stores only that, so the mark never outlives the second send.
 */
const REFUSED = 'refused by the service: ';

/**
 * For the credential: the bearer the service refused ('' when the request's header was not read)
 * and the stored tokens, when n8n hands back a marked field; undefined otherwise.
 */
export function refusedMark(
	accessToken: unknown,
): { bearer: string; accessToken: string } | undefined {
	if (typeof accessToken !== 'string' || !accessToken.startsWith(REFUSED)) return undefined;
	const rest = accessToken.slice(REFUSED.length);
	const space = rest.indexOf(' ');
	return { bearer: rest.slice(0, space), accessToken: rest.slice(space + 1) };
}

/** The bearer a sent request carried: the credential's `authenticate` set it on n8n's options object. */
function bearerOf(sent: IHttpRequestOptions): string {
	const headers = (sent.headers ?? {}) as Record<string, unknown>;
	const name = Object.keys(headers).find((key) => key.toLowerCase() === 'authorization');
	const match = /^Bearer (\S+)$/.exec(String(name ? headers[name] : ''));
	return match ? match[1] : '';
}

type RequestContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
	| ILoadOptionsFunctions
	| IPollFunctions;

/**
 * The credential as stored now, marked with the bearer `sent` carried: `authenticate` refuses
 * that bearer (n8n renews), and sends at once a token another request renewed meanwhile.
 */
async function renewing(
	ctx: RequestContext,
	credentialType: string,
	sent: IHttpRequestOptions,
): Promise<IAdditionalCredentialOptions> {
	const stored = ctx.getNode().credentials?.[credentialType];
	const data = await ctx.getCredentials<ICredentialDataDecryptedObject>(credentialType);
	const accessToken = `${REFUSED}${bearerOf(sent)} ${String(data.accessToken ?? '')}`;
	return {
		credentialsDecrypted: {
			id: stored?.id ?? '',
			name: stored?.name ?? '',
			type: credentialType,
			data: { ...data, accessToken },
		},
	};
}

async function send(
	ctx: RequestContext,
	credentialType: string,
	requestOptions: IHttpRequestOptions,
	renewal?: IAdditionalCredentialOptions,
): Promise<IN8nHttpFullResponse> {
	return (await ctx.helpers.httpRequestWithAuthentication.call(
		ctx,
		credentialType,
		requestOptions,
		renewal,
	)) as IN8nHttpFullResponse;
}

/**
 * Sends a request that takes every status as an answer (`ignoreHttpStatusErrors: true`), and a
 * 401 once more with a new token. `build` makes the request each time (an upload's body is read
 * once); `discard` frees the 401's body (a streamed answer) before the second send.
 */
export async function sendRenewingOnce(
	ctx: RequestContext,
	credentialType: string,
	build: () => IHttpRequestOptions,
	discard: (answer: IN8nHttpFullResponse) => Promise<unknown> = async () => undefined,
): Promise<IN8nHttpFullResponse> {
	const first = build();
	const answer = await send(ctx, credentialType, first);
	if (answer.statusCode !== 401) return answer;
	await discard(answer);
	return await send(ctx, credentialType, build(), await renewing(ctx, credentialType, first));
}

const routedRequests = new WeakMap<IExecuteSingleFunctions, IHttpRequestOptions>();

/** The last preSend of a routed operation: keeps the request n8n's routing engine sends. */
export async function keepRoutedRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	routedRequests.set(this, requestOptions);
	return requestOptions;
}

/**
 * For the first postReceive step of a routed operation: a 401 answer sent once more with a new
 * token. The answer is replaced in place, as n8n hands the same object to the later steps.
 */
export async function renewRoutedAnswer(
	ctx: IExecuteSingleFunctions,
	credentialType: string,
	answer: IN8nHttpFullResponse,
): Promise<void> {
	const sent = routedRequests.get(ctx);
	routedRequests.delete(ctx);
	if (answer.statusCode !== 401 || !sent) return;
	const again = await send(
		ctx,
		credentialType,
		{ ...sent, returnFullResponse: true, ignoreHttpStatusErrors: true },
		await renewing(ctx, credentialType, sent),
	);
	Object.assign(answer, again);
}
