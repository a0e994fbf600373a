import type { INodeParameters } from 'n8n-workflow';

import { IMAGE_DEMO } from '../../emulator/seed/images';
import { executeNode, jsonOf } from '../../harness/execute';
import { ImagesClient, rowKey } from '../../support/imagesClient';
import { DEMO, useEmulator } from '../../support/emulatorFixture';

const base = { resource: 'dataExtraction', operation: 'getImages' };

describe('Data Extraction > Get Images', () => {
	const fx = useEmulator({ images: { parentsPerSource: 25 } });
	const api = new ImagesClient(() => fx.emulator);
	const section = () => fx.emulator.ctx.sections.images;
	const run = (
		parameters: INodeParameters,
		extra: Partial<Parameters<typeof executeNode>[0]> = {},
	) =>
		executeNode({ credentials: fx.credentials, parameters: { ...base, ...parameters }, ...extra });
	const imageRequests = () => fx.apiRequests().filter((r) => r.path === '/v1/images');

	it('sends every filter of the specification as the service names it', async () => {
		const project = section().parent(IMAGE_DEMO.parents.feedOnRoad)!.projectId;
		const result = await run({
			returnAll: true,
			sources: ['checklist', 'feed'],
			fromDateTime: '2000-01-01T00:00:00',
			toDateTime: '2100-01-01',
			filters: {
				project: { __rl: true, mode: 'id', value: project },
				companyId: DEMO.companies.parent,
				requireGeoCoordinate: true,
				ownCompanyDataOnly: true,
				excludeDataFromSubsidiaries: false,
			},
			options: { chunkLimit: 1 },
		});
		expect(result.error).toBeUndefined();
		const [first, ...rest] = imageRequests();
		expect(first).toMatchObject({ api: 'extraction', method: 'GET', status: 200 });
		expect(first.query).toEqual({
			ProjectId: [project],
			CompanyId: [DEMO.companies.parent],
			Sources: ['checklist', 'feed'],
			FromDateTime: ['2000-01-01T00:00:00Z'],
			ToDateTime: ['2100-01-01T00:00:00Z'],
			ChunkLimit: ['1'],
			RequireGeoCoordinate: ['true'],
			OwnCompanyDataOnly: ['true'],
			ExcludeDataFromSubsidiaries: ['false'],
		});
		// Sources goes as a repeated parameter.
		expect(first.search).toContain('Sources=checklist&Sources=feed');
		expect(rest.length).toBeGreaterThan(0);
		for (const r of rest) {
			const { ContinuationToken, ...others } = r.query;
			expect(others).toEqual(first.query);
			expect(ContinuationToken).toHaveLength(1);
		}
		const want = section().allRows(DEMO.companies.parent, {
			projectId: project,
			companyId: DEMO.companies.parent,
			sources: ['feed', 'checklist'],
			requireGeoCoordinate: true,
			ownCompanyDataOnly: true,
		});
		expect(jsonOf(result).map(rowKey).sort()).toEqual(want.map(rowKey).sort());
		expect(want.length).toBeGreaterThan(0);
	});

	it('sends ModifiedSince and ModifiedBefore (incremental mode) and can add the page facts to each item', async () => {
		const clock = fx.emulator.ctx.clock;
		clock.advance(60_000);
		const since = clock.nowIso();
		const parent = section().addParent({
			source: 'alert',
			projectId: section().parent(IMAGE_DEMO.parents.feedOnRoad)!.projectId,
		});
		const image = section().addImage(parent.id, { location: null });
		clock.advance(1000);
		const before = clock.nowIso();
		const result = await run({
			returnAll: true,
			options: { modifiedSince: since, modifiedBefore: before, includePageFacts: true },
		});
		expect(result.error).toBeUndefined();
		const window = {
			ModifiedSince: [since.replace('.000Z', 'Z')],
			ModifiedBefore: [before.replace('.000Z', 'Z')],
		};
		// The alert page exhausts its source; the token moves on to checklist, which has nothing in the window.
		expect(imageRequests().map((r) => r.query)).toEqual([
			window,
			{ ...window, ContinuationToken: [expect.any(String)] },
		]);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				id: image.id,
				idRef: parent.id,
				collectionRef: 'IncidentRegistrations',
				_page: {
					pageNumber: 1,
					syncTypeName: 'incremental',
					recordCount: 1,
					deletedRecordCount: 0,
					source: 'alert',
				},
			}),
		]);
	});

	it('Return All across sources and pages returns each (id, collectionRef, idRef) exactly once, resending the token unchanged', async () => {
		const result = await run({ returnAll: true, options: { chunkLimit: 2 } });
		expect(result.error).toBeUndefined();
		const keys = jsonOf(result).map(rowKey);
		expect(new Set(keys).size).toBe(keys.length);
		expect([...keys].sort()).toEqual(section().allRows(DEMO.companies.parent).map(rowKey).sort());
		expect(new Set(jsonOf(result).map((r) => r.source))).toEqual(
			new Set(['feed', 'alert', 'checklist']),
		);
		expect(result.items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		// The tokens sent are exactly those the service answered, page after page.
		const sent = imageRequests().map((r) => r.query.ContinuationToken?.[0] ?? '');
		expect(fx.tokenRequests()).toHaveLength(1);
		const { pages } = await api.all({ ChunkLimit: '2' });
		expect(sent).toEqual(['', ...pages.slice(0, -1).map((p) => p.continuationToken)]);
	});

	it('Limit stops early: a small Limit asks for a page of that many parents and makes one request', async () => {
		const result = await run({ returnAll: false, limit: 3 });
		expect(jsonOf(result)).toHaveLength(3);
		const requests = imageRequests();
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({ ChunkLimit: ['3'] });
	});

	it('Limit over several pages asks only for the pages it needs', async () => {
		const { pages } = await api.all({ ChunkLimit: '1' });
		let rows = 0;
		let needed = 0;
		while (rows < 7) rows += pages[needed++].data.length;
		fx.mark();
		const result = await run({ returnAll: false, limit: 7, options: { chunkLimit: 1 } });
		expect(jsonOf(result).map(rowKey)).toEqual(
			pages
				.flatMap((p) => p.data)
				.slice(0, 7)
				.map(rowKey),
		);
		expect(imageRequests()).toHaveLength(needed);
	});

	it('looks a project number up and sends its id as ProjectId', async () => {
		const result = await run({
			returnAll: true,
			filters: { project: { __rl: true, mode: 'projectNumber', value: 'P-1001' } },
		});
		expect(result.error).toBeUndefined();
		const project = fx.emulator.ctx.sections.projects
			.list(DEMO.companies.parent)
			.find((p) => p.projectNumber === 'P-1001')!;
		const requests = fx.apiRequests();
		expect(requests[0]).toMatchObject({
			api: 'integration',
			path: '/api/v4/integration/projects/by-project-number/P-1001',
		});
		expect(requests[1].query).toEqual({ ProjectId: [project.id] });
		expect(jsonOf(result).length).toBeGreaterThan(0);
		expect(
			jsonOf(result).every((r) => r.projectId === project.id && r.projectNumber === 'P-1001'),
		).toBe(true);
	});

	it('one run per input item, each with its own Sources; items are paired to their input', async () => {
		const result = await run(
			{ returnAll: true, sources: '={{ [$json.source] }}', filters: { ownCompanyDataOnly: true } },
			{ items: [{ json: { source: 'feed' } }, { json: { source: 'checklist' } }] },
		);
		expect(result.error).toBeUndefined();
		const requests = imageRequests();
		expect(requests.map((r) => r.query.Sources)).toEqual([['feed'], ['checklist']]);
		for (const item of result.items) {
			const source = (item.pairedItem as { item: number }).item === 0 ? 'feed' : 'checklist';
			expect(item.json.source).toBe(source);
		}
		expect(result.items.some((i) => (i.pairedItem as { item: number }).item === 1)).toBe(true);
	});

	it('Sources given by an expression as a comma-separated text goes out as repeated values', async () => {
		const result = await run({ returnAll: true, sources: '={{ "alert, checklist" }}' });
		expect(result.error).toBeUndefined();
		expect(imageRequests()[0].query.Sources).toEqual(['alert', 'checklist']);
		expect(new Set(jsonOf(result).map((r) => r.source))).toEqual(new Set(['alert', 'checklist']));
	});

	it('a refusal of the service (403 for a project outside the company) comes back as a clear error naming the field', async () => {
		fx.useClient(DEMO.clients.subsidiary);
		const project = section().parent(IMAGE_DEMO.parents.feedOnRoad)!.projectId;
		const result = await run({
			returnAll: true,
			filters: { project: { __rl: true, mode: 'id', value: project } },
		});
		expect(result.error?.message).toMatch(/HTTP 403/);
		expect(result.error?.message).toContain('ProjectId');
		expect(imageRequests()).toHaveLength(1);
	});

	it('a client that is not the parent company sees only its own rows', async () => {
		fx.useClient(DEMO.clients.subsidiary);
		const result = await run({ returnAll: true });
		expect(jsonOf(result).map(rowKey).sort()).toEqual(
			section().allRows(DEMO.companies.subsidiary).map(rowKey).sort(),
		);
		expect(new Set(jsonOf(result).map((r) => r.projectCompanyId))).toEqual(
			new Set([DEMO.companies.subsidiary]),
		);
	});
});
