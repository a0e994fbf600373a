import { executeNode, jsonOf } from '../../harness/execute';
import { useEmulator } from '../../support/emulatorFixture';

const base = { resource: 'dataExtraction', operation: 'getRecords', returnAll: true };
const typed = (endpointPath: string) => ({ ...base, endpoint: 'otherPath', endpointPath });
const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();
const monday = Date.parse('2026-03-02T00:00:00Z');

/** Bad inputs of Get Records (Other Endpoint): each a clear error naming the field and the fix, before any request. */
describe('Data Extraction > Get Records (Other Endpoint): checks before any request', () => {
	const fx = useEmulator({
		workData: { timeRegistrations: 50 },
		seed: { otherEndpoints: { registrations: 10 } },
	});

	it.each([
		[
			'an empty Endpoint Path',
			typed('   '),
			/^Endpoint Path is empty$/,
			/choose Other Path and type a v1\/\.\.\. path/,
		],
		[
			'an absolute URL',
			typed('https://attacker.example/v1/project'),
			/^Endpoint Path must be a path below the data extraction base, not a URL/,
			/token never reaches another host/,
		],
		[
			'a scheme-relative URL',
			typed('//attacker.example/v1/project'),
			/^Endpoint Path must be a path below the data extraction base, not a URL/,
			/Data Extraction API Base URL/,
		],
		[
			'a backslash path',
			typed('v1\\..\\api'),
			/^Endpoint Path must be a path below the data extraction base, not a URL/,
			/Type only what follows/,
		],
		[
			'a path that climbs out of v1/',
			typed('v1/../api/v4/integration/projects'),
			/^Endpoint Path must not contain "\." or "\.\." segments/,
			/outside v1\//,
		],
		[
			'an encoded climb',
			typed('v1/%2e%2e/api'),
			/^Endpoint Path must not contain "\." or "\.\." segments/,
			/outside v1\//,
		],
		[
			'a query string',
			typed('v1/project?ChunkLimit=5'),
			/^Endpoint Path must not carry a query string/,
			/Additional Query Parameters/,
		],
		[
			'a path outside v1/',
			typed('api/v4/integration/projects'),
			/^Endpoint Path must start with v1\/ and name an endpoint/,
			/serves its endpoints under v1\//,
		],
		[
			'another version',
			typed('v2/project'),
			/^Endpoint Path must start with v1\/ and name an endpoint: "v2\/project"/,
			/under v1\//,
		],
		[
			'v1 alone',
			typed('v1/'),
			/^Endpoint Path must start with v1\/ and name an endpoint/,
			/for example v1\/project/,
		],
		[
			'an empty segment',
			typed('v1//project'),
			/^Endpoint Path has an empty segment: "v1\/\/project"/,
			/between single slashes/,
		],
		[
			'a space in a segment',
			typed('v1/pro ject'),
			/^Endpoint Path has a character that cannot be in an endpoint path \("pro ject"\)/,
			/letters, digits, - and _/,
		],
		[
			'a mapped Endpoint that climbs out',
			{ ...base, endpoint: '={{ "v1/../../identity" }}' },
			/^Endpoint must not contain "\." or "\.\." segments/,
			/outside v1\//,
		],
		[
			'a mapped Endpoint that is no endpoint',
			{ ...base, endpoint: '={{ "projects" }}' },
			/^Endpoint must start with v1\/ and name an endpoint: "projects"/,
			/v1\/project/,
		],
		[
			'machine registrations without a window (full load)',
			{ ...base, endpoint: 'v1/machine-registrations' },
			/^Machine Registrations need From Date Time and To Date Time$/,
			/at most 7 days \(on the stop time; To Date Time is included\)\. Set both, or set Options > Modified Since/,
		],
		[
			'machine registrations with only From Date Time',
			{ ...base, endpoint: 'v1/machine-registrations', fromDateTime: at(monday) },
			/^Machine Registrations need To Date Time as well$/,
			/both ends of the window together, at most 7 days apart/,
		],
		[
			'machine registrations with only To Date Time',
			{
				...base,
				endpoint: 'v1/machine-registrations',
				toDateTime: at(monday),
				options: { modifiedSince: at(monday - 30 * DAY) },
			},
			/^Machine Registrations need From Date Time as well$/,
			/both ends/,
		],
		[
			'machine registrations over 8 days',
			{
				...base,
				endpoint: 'v1/machine-registrations',
				fromDateTime: at(monday),
				toDateTime: at(monday + 8 * DAY),
			},
			/^From Date Time to To Date Time spans 8 days; Machine Registrations allow at most 7$/,
			/at the latest 2026-03-09T00:00:00\.000Z\).*one per week/,
		],
		[
			'machine registrations one second over 7 days',
			{
				...base,
				endpoint: 'v1/machine-registrations',
				fromDateTime: at(monday),
				toDateTime: at(monday + 7 * DAY + 1000),
			},
			/^From Date Time to To Date Time spans 7 days; Machine Registrations allow at most 7$/,
			/To Date Time at most 7 days after From Date Time/,
		],
		[
			'a window on checklists',
			{
				...base,
				endpoint: 'v1/checklist-registrations',
				fromDateTime: at(monday),
				toDateTime: at(monday + DAY),
			},
			/^From Date Time does not apply to Checklist Registrations$/,
			/ignores FromDateTime and ToDateTime on v1\/checklist-registrations and would return every record.*Modified Since/,
		],
		[
			'To Date Time on incidents',
			{ ...base, endpoint: 'v1/incident-registrations', toDateTime: at(monday) },
			/^To Date Time does not apply to Incident Registrations$/,
			/ignores FromDateTime and ToDateTime on v1\/incident-registrations/,
		],
		[
			'a window on projects (typed)',
			{ ...typed('v1/Project'), fromDateTime: at(monday) },
			/^From Date Time does not apply to Projects$/,
			/carry no date the service could filter on/,
		],
	])('refuses %s', async (_label, parameters, message, description) => {
		const result = await executeNode({ credentials: fx.credentials, parameters });
		expect(result.error?.message).toMatch(message);
		expect((result.error as { description?: string }).description).toMatch(description);
		expect(result.items).toHaveLength(0);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('accepts what the rules allow: machine registrations in incremental mode without a window, a one-instant window, an exact 7-day window', async () => {
		for (const parameters of [
			{
				...base,
				endpoint: 'v1/machine-registrations',
				options: { modifiedSince: at(Date.now() - 30 * DAY) },
			},
			{
				...base,
				endpoint: 'v1/machine-registrations',
				fromDateTime: at(monday),
				toDateTime: at(monday + 7 * DAY),
			},
			{
				...base,
				endpoint: 'v1/checklist-registrations',
				options: { modifiedSince: at(Date.now() - 30 * DAY) },
			},
		]) {
			fx.mark();
			const result = await executeNode({ credentials: fx.credentials, parameters });
			expect(result.error).toBeUndefined();
			expect(fx.apiRequests().map((r) => r.status)).toEqual([200]);
		}
	});

	it('with Continue On Fail a bad item becomes an error item and the good ones are read', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			continueOnFail: true,
			items: [{ json: { path: 'v1/../x' } }, { json: { path: 'v1/resource' } }],
			parameters: { ...base, endpoint: '={{ $json.path }}', returnAll: false, limit: 2 },
		});
		expect(result.items.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 1]);
		expect(jsonOf(result)[0]).toEqual({
			error: 'Endpoint must not contain "." or ".." segments: "v1/../x"',
		});
		expect(fx.apiRequests().map((r) => r.path)).toEqual(['/v1/resource']);
	});
});
