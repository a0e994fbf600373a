import { DEMO, startEmulator, type Emulator, type LoggedRequest } from '../emulator';
import { TestCredentialsHelper } from '../harness/credentialsHelper';
import {
	CREDENTIAL_ID,
	executeNode,
	type ExecuteOptions,
	type ExecuteResult,
} from '../harness/execute';

export { DEMO };

export interface Fixture {
	emulator: Emulator;
	credentials: TestCredentialsHelper;
	/** Requests the emulator received since the last `mark()`, token requests included. */
	requests(filter?: (r: LoggedRequest) => boolean): LoggedRequest[];
	/** API requests (integration and extraction) since the last mark. */
	apiRequests(): LoggedRequest[];
	tokenRequests(): LoggedRequest[];
	mark(): void;
	/** A credential for a demo client (the admin one by default) pointing at this emulator. */
	useClient(
		client?: { clientId: string; clientSecret: string },
		overrides?: Record<string, string>,
	): void;
}

/**
 * The fixture's helpers around an emulator the caller starts and sets (`fixture.emulator = ...`):
 * useEmulator below, and the calendar sweep, which starts one emulator per instant.
 */
export function emulatorFixture(): Fixture {
	let markSeq = 0;
	const fixture = {
		credentials: new TestCredentialsHelper(),
		requests(filter?: (r: LoggedRequest) => boolean) {
			const all = fixture.emulator.ctx.log.since(markSeq);
			return filter ? all.filter(filter) : all;
		},
		apiRequests() {
			return fixture.requests((r) => r.api === 'integration' || r.api === 'extraction');
		},
		tokenRequests() {
			return fixture.requests((r) => r.api === 'identity');
		},
		mark() {
			markSeq = fixture.emulator.ctx.log.lastSeq;
		},
		useClient(
			client: { clientId: string; clientSecret: string } = DEMO.clients.admin,
			overrides: Record<string, string> = {},
		) {
			const { urls } = fixture.emulator;
			fixture.credentials.set(CREDENTIAL_ID, {
				clientId: client.clientId,
				clientSecret: client.clientSecret,
				scopes: `${DEMO.scopes.integration} ${DEMO.scopes.extraction}`,
				integrationBaseUrl: urls.integration,
				extractionBaseUrl: urls.extraction,
				identityBaseUrl: urls.identity,
				...overrides,
			});
		},
	} as Fixture;
	return fixture;
}

/**
 * One emulator per test file, seeded with the demo data; a fresh credential (no token) per test.
 * Its clock is the process's Date (`system`), which every suite starts at a fixed instant
 * (testNow.ts), so the demo data is laid out the same on every run; a seed may set its own clock.
 * Never the shell's WORKFORCE_EMULATOR_CLOCK: a developer's setting must not change a test.
 * `perTest: true` starts a fresh one for every test instead (a few ms; more with large work data),
 * for files whose tests change or count the same records and must pass in any order.
 */
export function useEmulator(
	seed?: Parameters<typeof startEmulator>[0],
	options: { perTest?: boolean } = {},
): Fixture {
	const fixture = emulatorFixture();
	const start = async () => {
		fixture.emulator = await startEmulator({ clock: 'system', ...seed });
	};
	const stop = async () => {
		await fixture.emulator?.close();
	};
	if (options.perTest) {
		beforeEach(start);
		afterEach(stop);
	} else {
		beforeAll(start);
		afterAll(stop);
	}
	beforeEach(() => {
		fixture.credentials = new TestCredentialsHelper();
		fixture.useClient();
		fixture.emulator.ctx.faults.clear();
		fixture.mark();
	});
	return fixture;
}

/**
 * Runs one operation of the Workforce node through n8n-core's engine with the fixture's credential:
 * the operation's other parameters, and what else the run needs (items, settings...).
 */
export async function runOperation(
	fx: Fixture,
	resource: string,
	operation: string,
	parameters: Record<string, unknown> = {},
	options: Omit<ExecuteOptions, 'credentials' | 'parameters'> = {},
): Promise<ExecuteResult> {
	return await executeNode({
		...options,
		credentials: fx.credentials,
		parameters: { resource, operation, ...parameters },
	});
}

/**
 * The runs of one test file's operation: its fixed parameters given once, each run's own on top
 * (a parameter given again replaces the fixed one), through n8n-core's engine as runOperation.
 */
export function runner(fx: Fixture, fixed: Record<string, unknown>) {
	return async (
		parameters: Record<string, unknown> = {},
		options: Omit<ExecuteOptions, 'credentials' | 'parameters'> = {},
	): Promise<ExecuteResult> =>
		await executeNode({
			...options,
			credentials: fx.credentials,
			parameters: { ...fixed, ...parameters },
		});
}

/**
 * The API requests since the mark as `METHOD path status` lines (`?query` after the path when it
 * has one): every call a case made, asserted in one list.
 */
export function callsOf(fx: Fixture): string[] {
	return fx
		.apiRequests()
		.map((r) => `${r.method} ${r.path}${r.search ? `?${r.search}` : ''} ${r.status}`);
}
