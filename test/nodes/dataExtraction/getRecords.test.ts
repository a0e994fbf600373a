import { inWindow } from '../../emulator/extraction/extractionPages';
import { EMULATED_ENDPOINTS } from '../../emulator/extraction/otherEndpoints/endpoints';
import { jsonOf } from '../../harness/execute';
import { DEMO, runner, useEmulator } from '../../support/emulatorFixture';

const base = { resource: 'dataExtraction', operation: 'getRecords' };
const DAY = 86_400_000;

describe('Data Extraction > Get Records (Other Endpoint)', () => {
	const fx = useEmulator({
		workData: { timeRegistrations: 200 },
		seed: { otherEndpoints: { registrations: 60 } },
	});
	const run = runner(fx, base);
	const section = () => fx.emulator.ctx.sections.otherEndpoints;
	/** The last seven days up to today's midnight: the machine-registration window of a full load. */
	const week = () => {
		const to = Math.floor(fx.emulator.ctx.clock.now().getTime() / DAY) * DAY;
		return {
			fromDateTime: new Date(to - 7 * DAY).toISOString(),
			toDateTime: new Date(to).toISOString(),
		};
	};
	/** What a full load of the demo admin returns: the live records of its company structure, in load order. */
	const expectedIds = (path: string) => {
		const visible = new Set(fx.emulator.ctx.companies.structureOf(DEMO.companies.parent));
		const w = week();
		return section()
			.table(path)
			.live()
			.filter((r) => visible.has(String(r.fields.companyId)))
			.filter(
				(r) =>
					path !== '/v1/machine-registrations' ||
					inWindow(Date.parse(String(r.fields.stopDateTime)), {
						from: Date.parse(w.fromDateTime),
						to: Date.parse(w.toDateTime),
					}),
			)
			.map((r) => r.id);
	};

	it.each(EMULATED_ENDPOINTS.map((e) => [e.path]))(
		'Return All from %s: every record once, over every page, each page asked with the same query',
		async (path) => {
			const endpoint = path.slice(1);
			const window: { fromDateTime?: string; toDateTime?: string } =
				path === '/v1/machine-registrations' ? week() : {};
			const result = await run({
				endpoint,
				returnAll: true,
				...window,
				options: { chunkLimit: 4 },
			});
			expect(result.error).toBeUndefined();
			const expected = expectedIds(path);
			expect(expected.length).toBeGreaterThan(4);
			expect(jsonOf(result).map((r) => r.id)).toEqual(expected);
			expect(result.items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
			const requests = fx.apiRequests();
			expect(requests).toHaveLength(Math.ceil(expected.length / 4));
			expect(
				requests.every(
					(r) =>
						r.api === 'extraction' && r.method === 'GET' && r.path === path && r.status === 200,
				),
			).toBe(true);
			const first = {
				ChunkLimit: ['4'],
				...(path === '/v1/machine-registrations'
					? {
							FromDateTime: [window.fromDateTime!.replace('.000Z', 'Z')],
							ToDateTime: [window.toDateTime!.replace('.000Z', 'Z')],
						}
					: {}),
			};
			expect(requests[0].query).toEqual(first);
			for (const r of requests.slice(1)) {
				const { ContinuationToken, ...rest } = r.query;
				expect(rest).toEqual(first);
				expect(ContinuationToken).toHaveLength(1);
			}
		},
	);

	it('Limit asks for one page of that size and stops', async () => {
		const result = await run({ endpoint: 'v1/user', returnAll: false, limit: 4 });
		expect(jsonOf(result).map((r) => r.id)).toEqual(expectedIds('/v1/user').slice(0, 4));
		expect(fx.apiRequests().map((r) => [r.path, r.query])).toEqual([
			['/v1/user', { ChunkLimit: ['4'] }],
		]);
	});

	it('incremental mode: created, changed and deleted records as the service returns them; a deleted project is its last version, older than Modified Since', async () => {
		const clock = fx.emulator.ctx.clock;
		const project = section().add('v1/project', { projectNumber: 'GR-1', name: 'Quay' });
		clock.advance(60_000);
		const since = clock.nowIso();
		clock.advance(1000);
		const added = section().add('v1/project', { projectNumber: 'GR-2', name: 'Pier' });
		clock.advance(1000);
		section().delete('v1/project', String(project.id));
		clock.advance(1000);
		const result = await run({
			endpoint: 'v1/project',
			returnAll: true,
			options: { modifiedSince: since, includePageFacts: true },
		});
		expect(result.error).toBeUndefined();
		const page = {
			pageNumber: 1,
			syncTypeName: 'incremental',
			recordCount: 2,
			deletedRecordCount: 1,
		};
		expect(jsonOf(result)).toEqual([
			{ ...added, _page: page },
			{ ...project, isDeleted: true, deletedDateTime: expect.any(String), _page: page },
		]);
		expect(String(jsonOf(result)[1].modifiedDateTime) < since).toBe(true);
		// The node writes a whole second without `.000` (the emulator's clock lands on one now and then).
		expect(fx.apiRequests()[0].query).toEqual({ ModifiedSince: [since.replace('.000Z', 'Z')] });
	});

	it('registrations in incremental mode: a deletion is a tombstone, passed on as the service sent it', async () => {
		const clock = fx.emulator.ctx.clock;
		clock.advance(60_000);
		const since = clock.nowIso();
		clock.advance(1000);
		const victim = section()
			.table('v1/absence-registrations')
			.live()
			.find((r) => r.fields.companyId === DEMO.companies.parent)!;
		section().delete('v1/absence-registrations', victim.id);
		const result = await run({
			endpoint: 'v1/absence-registrations',
			returnAll: true,
			options: { modifiedSince: since },
		});
		const [tombstone] = jsonOf(result);
		expect(jsonOf(result)).toHaveLength(1);
		expect(tombstone).toMatchObject({
			id: victim.id,
			isDeleted: true,
			userId: null,
			absenceTypeId: null,
			pdfUrl: null,
		});
		expect(tombstone.modifiedDateTime).toBe(tombstone.deletedDateTime);
	});

	it('deletion shape per kind (behaviour notes): a checklist is its full record with isDeleted, the deletion its last change; the node passes each kind on unchanged', async () => {
		const clock = fx.emulator.ctx.clock;
		clock.advance(60_000);
		const since = clock.nowIso();
		clock.advance(1000);
		const victim = section()
			.table('v1/checklist-registrations')
			.live()
			.find((r) => r.fields.companyId === DEMO.companies.parent)!;
		const before = section().view('v1/checklist-registrations', victim.id)!;
		const deleted = section().delete('v1/checklist-registrations', victim.id);
		const result = await run({
			endpoint: 'v1/checklist-registrations',
			returnAll: true,
			options: { modifiedSince: since, includePageFacts: true },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{
				...before,
				isDeleted: true,
				deletedDateTime: deleted.deletedDateTime,
				modifiedDateTime: deleted.deletedDateTime,
				_page: {
					pageNumber: 1,
					syncTypeName: 'incremental',
					recordCount: 1,
					deletedRecordCount: 1,
				},
			},
		]);
		expect(jsonOf(result)[0]).toMatchObject({
			checklistName: expect.any(String),
			answers: expect.any(Array),
		});
	});

	it('Other Path: a typed path (slashes around it allowed) reads that endpoint; a listed one keeps its rules', async () => {
		const result = await run({
			endpoint: 'otherPath',
			endpointPath: ' /v1/project/work-breakdown-structure/ ',
			returnAll: true,
		});
		expect(jsonOf(result).map((r) => r.id)).toEqual(
			expectedIds('/v1/project/work-breakdown-structure'),
		);
		expect(fx.apiRequests().map((r) => r.path)).toEqual(['/v1/project/work-breakdown-structure']);
		fx.mark();
		const refused = await run({
			endpoint: 'otherPath',
			endpointPath: 'V1/Machine-Registrations',
			returnAll: true,
		});
		expect(refused.error?.message).toBe(
			'Machine Registrations need From Date Time and To Date Time',
		);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('the endpoint may come from each item (an expression): one read per item, each record paired with its item', async () => {
		const result = await run(
			{ endpoint: '={{ $json.endpoint }}', returnAll: false, limit: 3 },
			{
				items: [
					{ json: { endpoint: 'v1/resource' } },
					{ json: { endpoint: 'v1/incident-registrations' } },
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [(i.pairedItem as { item: number }).item, i.json.id])).toEqual([
			...expectedIds('/v1/resource')
				.slice(0, 3)
				.map((id) => [0, id]),
			...expectedIds('/v1/incident-registrations')
				.slice(0, 3)
				.map((id) => [1, id]),
		]);
		expect(fx.apiRequests().map((r) => r.path)).toEqual([
			'/v1/resource',
			'/v1/incident-registrations',
		]);
	});

	it('a v1 path the list does not name is sent as it is (the vendor adds endpoints); one the service lacks fails naming the path', async () => {
		const result = await run({
			endpoint: 'otherPath',
			endpointPath: 'v1/flow-trip-registrations',
			returnAll: true,
			fromDateTime: '2026-01-01T00:00:00Z',
		});
		expect(result.error?.message).toBe(
			'Get Records (v1/flow-trip-registrations) failed (HTTP 404): No route for GET /v1/flow-trip-registrations',
		);
		expect(fx.apiRequests().map((r) => [r.path, r.status, r.query])).toEqual([
			['/v1/flow-trip-registrations', 404, { FromDateTime: ['2026-01-01T00:00:00Z'] }],
		]);
		fx.mark();
		const tolerant = await run(
			{ endpoint: 'otherPath', endpointPath: 'v1/item-registrations/web-query', returnAll: true },
			{ continueOnFail: true },
		);
		expect(jsonOf(tolerant)).toEqual([
			{
				error: expect.stringContaining(
					'Get Records (v1/item-registrations/web-query) failed (HTTP 404)',
				),
			},
		]);
	});

	it('Additional Query Parameters are sent on every page; a 7-day machine-registration window (both ends included) is sent as given', async () => {
		const to = Date.parse(week().toDateTime);
		const window = {
			fromDateTime: new Date(to - 7 * DAY).toISOString(),
			toDateTime: new Date(to).toISOString(),
		};
		const result = await run({
			endpoint: 'v1/machine-registrations',
			returnAll: true,
			...window,
			options: { chunkLimit: 3 },
			additionalQuery: { parameter: [{ name: 'IncludeEquipment', value: 'true' }] },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).length).toBeGreaterThan(3);
		const requests = fx.apiRequests();
		expect(requests.length).toBeGreaterThan(1);
		for (const r of requests)
			expect(r.query).toMatchObject({
				IncludeEquipment: ['true'],
				FromDateTime: [window.fromDateTime.replace('.000Z', 'Z')],
				ToDateTime: [window.toDateTime.replace('.000Z', 'Z')],
			});
	});
});
