// The unit suite's set-up: the fixed instant (test/support/testNow.ts) and a throwaway n8n folder.
import '../../support/jestSetup';

import { httpRequestNode } from './n8nNodesBase';
import { useEmulator, type Fixture } from '../../support/emulatorFixture';
import { runHttpRequest } from './httpRequestNode';
import { startForeignServer } from '../../security/support';

const CURRENT = httpRequestNode().version;
/** 4.3 still resends credentials on a cross-origin redirect by default (4.4 stopped); the credential must not rely on it. */
const BEFORE_CROSS_ORIGIN_FIX = 4.3;

const redirectTo = (fx: Fixture, location: string, count = 2) =>
	fx.emulator.ctx.faults.add({
		api: 'integration',
		path: '/api/MachineType',
		count,
		action: { kind: 'status', status: 302, headers: { location } },
	});

/**
 * The HTTP Request node with the Workforce API credential ("Custom API Call"): the token goes only
 * to URLs under the credential's two bases, whatever the user types, a response names, or a
 * redirect points at. The node follows redirects by default.
 */
describe('Security: the HTTP Request node never carries the Workforce token elsewhere', () => {
	const fx = useEmulator();
	/** Another host name (127.0.0.2), and another port on the emulator's own host name. */
	let otherHost: Awaited<ReturnType<typeof startForeignServer>>;
	let otherPort: Awaited<ReturnType<typeof startForeignServer>>;
	beforeAll(async () => {
		otherHost = await startForeignServer('127.0.0.2');
		otherPort = await startForeignServer('127.0.0.1');
	});
	afterAll(async () => {
		await otherHost.close();
		await otherPort.close();
	});
	beforeEach(() => {
		otherHost.requests.length = 0;
		otherPort.requests.length = 0;
	});
	const nothingForeign = () => {
		expect(otherHost.requests).toEqual([]);
		expect(otherPort.requests).toEqual([]);
	};

	const integration = (fx: Fixture) => fx.emulator.urls.integration;
	const origin = (fx: Fixture) => fx.emulator.urls.origin;
	const BASES = (fx: Fixture) =>
		`Use a URL that starts with the Integration API Base URL (${integration(fx)}) or the Data Extraction API Base URL (${fx.emulator.urls.extraction}).`;

	it.each<[string, (fx: Fixture) => string, (fx: Fixture) => string]>([
		['another host', () => `${otherHost.url}/core/api/MachineType`, () => otherHost.url],
		[
			'another port of the same host',
			() => `${otherPort.url}/core/api/MachineType`,
			() => otherPort.url,
		],
		[
			'a look-alike path prefix (/corex)',
			(fx) => `${integration(fx)}x/api/MachineType`,
			(fx) => `${origin(fx)} (a path outside the base)`,
		],
		[
			'a path that leaves the base with ..',
			(fx) => `${integration(fx)}/../reportingx/v1/images`,
			(fx) => `${origin(fx)} (a path outside the base)`,
		],
		[
			'the same with encoded dots',
			(fx) => `${integration(fx)}/%2e%2e/admin`,
			(fx) => `${origin(fx)} (a path outside the base)`,
		],
		[
			'a look-alike host name',
			(fx) => integration(fx).replace('127.0.0.1', '127.0.0.1.evil.example') + '/api/MachineType',
			(fx) => origin(fx).replace('127.0.0.1', '127.0.0.1.evil.example'),
		],
		[
			'https instead of http',
			(fx) => integration(fx).replace('http:', 'https:') + '/api/MachineType',
			(fx) => origin(fx).replace('http:', 'https:'),
		],
	])(
		'refuses %s before sending anything, naming the origin and the bases',
		async (_name, url, named) => {
			const result = await runHttpRequest(fx, { url: url(fx) });
			expect(result.error?.message).toBe(
				`Refusing to send the Workforce token to ${named(fx)}: it is not one of the credential's API bases. ${BASES(fx)}`,
			);
			expect(fx.apiRequests()).toEqual([]);
			nothingForeign();
		},
	);

	it.each<[string, (fx: Fixture) => string, (fx: Fixture) => string]>([
		[
			'the real host hidden behind userinfo',
			(fx) =>
				integration(fx)
					.replace('://', `://${new URL(origin(fx)).host}@`)
					.replace(new URL(origin(fx)).host + '/', `${new URL(otherHost.url).host}/`),
			() => otherHost.url,
		],
		[
			'a user name before the configured host',
			(fx) => integration(fx).replace('://', '://evil.example@') + '/api/MachineType',
			(fx) => origin(fx),
		],
	])('refuses userinfo tricks: %s', async (_name, url, named) => {
		const target = url(fx);
		expect(new URL(target).username).not.toBe('');
		const result = await runHttpRequest(fx, { url: target });
		expect(result.error?.message).toBe(
			`Refusing to send the Workforce token to ${named(fx)} (a URL with a user name or password): it is not one of the credential's API bases. ${BASES(fx)}`,
		);
		expect(fx.apiRequests()).toEqual([]);
		nothingForeign();
	});

	describe.each([CURRENT, BEFORE_CROSS_ORIGIN_FIX])(
		'redirects (HTTP Request v%s, following redirects as by default)',
		(version) => {
			it('a redirect to another host fails before it is followed, naming that host; the token stays home', async () => {
				redirectTo(fx, `${otherHost.url}/steal`);
				const result = await runHttpRequest(
					fx,
					{ url: `${integration(fx)}/api/MachineType` },
					{ version },
				);
				const host = new URL(otherHost.url).host;
				expect(result.error?.message).toBe(
					`Redirected request failed: Domain not allowed: This credential is restricted from accessing ${host}. Only the following domains are allowed: 127.0.0.1`,
				);
				nothingForeign();
				// n8n fetches a new token after the failure and tries once more: the same refusal.
				expect(fx.requests().map((r) => `${r.api} ${r.method} ${r.path} ${r.status}`)).toEqual([
					'identity POST /connect/token 200',
					'integration GET /api/MachineType 302',
					'identity POST /connect/token 200',
					'integration GET /api/MachineType 302',
				]);
				expect(result.items).toEqual([]);
			});

			it('a redirect to another port of the same host is followed without the token', async () => {
				redirectTo(fx, `${otherPort.url}/steal`, 1);
				const result = await runHttpRequest(
					fx,
					{ url: `${integration(fx)}/api/MachineType` },
					{ version },
				);
				expect(otherPort.requests.map((r) => [r.url, r.headers.authorization])).toEqual([
					['/steal', undefined],
				]);
				expect(otherHost.requests).toEqual([]);
				expect(result.error).toBeUndefined();
			});

			it('a redirect within the base is followed with the token', async () => {
				redirectTo(fx, `${integration(fx)}/api/MachineType?moved=1`, 1);
				const result = await runHttpRequest(
					fx,
					{ url: `${integration(fx)}/api/MachineType` },
					{ version },
				);
				expect(result.error).toBeUndefined();
				expect(
					fx
						.apiRequests()
						.map(
							(r) =>
								`${r.path}?${r.search} ${r.status} ${/^Bearer \S+$/.test(String(r.headers.authorization))}`,
						),
				).toEqual(['/api/MachineType? 302 true', '/api/MachineType?moved=1 200 true']);
				nothingForeign();
			});
		},
	);

	it("a paginated run whose next URL (from the service's answer) points elsewhere is refused before that page", async () => {
		const result = await runHttpRequest(fx, {
			url: `${fx.emulator.urls.extraction}/v1/images?ChunkLimit=1`,
			options: {
				pagination: {
					pagination: {
						paginationMode: 'responseContainsNextURL',
						nextURL: `={{ "${otherHost.url}/v1/images?ContinuationToken=" + $response.body.continuationToken }}`,
						paginationCompleteWhen: 'other',
						completeExpression: '={{ !$response.body.continuationToken }}',
					},
				},
			},
		});
		expect(result.error?.message).toMatch(
			new RegExp(
				`^Refusing to send the Workforce token to ${otherHost.url.replace(/[.]/g, '\\.')}: it is not one of the credential's API bases\\.`,
			),
		);
		expect(fx.apiRequests().map((r) => `${r.path} ${r.status}`)).toEqual(['/v1/images 200']);
		nothingForeign();
	});

	it("a user's own Authorization header is replaced, never sent alongside the token", async () => {
		const result = await runHttpRequest(fx, {
			url: `${integration(fx)}/api/MachineType`,
			sendHeaders: true,
			headerParameters: {
				parameters: [{ name: 'authorization', value: 'Bearer typed-by-the-user' }],
			},
		});
		expect(result.error).toBeUndefined();
		const [call] = fx.apiRequests();
		expect(call.headers.authorization).toMatch(/^Bearer \S+$/);
		expect(call.headers.authorization).not.toContain('typed-by-the-user');
	});
});
