import { COLLECTION_REF } from './extraction/imageModel';
import { IMAGE_DEMO } from './seed/images';
import { ImagesClient, rowKey, type ImagesPage } from '../support/imagesClient';
import { DEMO, useEmulator } from '../support/emulatorFixture';

/** Every field of the specification's Image row table. */
const ROW_FIELDS = [
	'id',
	'fileName',
	'fileNameOriginal',
	'fileType',
	'fileSize',
	'downloadUrl',
	'thumbnailUrl',
	'mediumUrl',
	'largeUrl',
	'source',
	'originDescription',
	'collectionRef',
	'idRef',
	'companyId',
	'projectCompanyId',
	'projectId',
	'projectNumber',
	'projectName',
	'taskId',
	'taskName',
	'activityId',
	'activityNumber',
	'createdByUserId',
	'createdByUserName',
	'createdDateTime',
	'parentModifiedDateTime',
	'latitude',
	'longitude',
	'accuracy',
	'roadReference',
	'userSecurityLevel',
].sort();
const ROAD_FIELDS = [
	'provider',
	'countryCode',
	'referenceText',
	'roadCategory',
	'roadNumber',
	'section',
	'meterFromStart',
	'distanceFromCoordinateMeters',
].sort();
const SOURCE_ORDER = ['feed', 'alert', 'checklist'];
const { images: I, parents: P } = IMAGE_DEMO;

describe('Emulator: GET {reporting_url}/v1/images (reads)', () => {
	const fx = useEmulator();
	const api = new ImagesClient(() => fx.emulator);
	const section = () => fx.emulator.ctx.sections.images;
	const expected = (companyId: string = DEMO.companies.parent) =>
		section().allRows(companyId).map(rowKey).sort();

	function expectValidation(status: number, body: ImagesPage, field: string) {
		expect(status).toBe(400);
		expect(body.errors?.map((e) => e.field)).toContain(field);
	}

	it('answers the envelope, with every field of the image row and absolute file URLs under the integration base', async () => {
		const { status, body } = await api.page();
		expect(status).toBe(200);
		expect(Object.keys(body).sort()).toEqual([
			'continuationToken',
			'data',
			'deletedRecordCount',
			'links',
			'meta',
			'recordCount',
			'syncTypeName',
		]);
		expect(body).toMatchObject({
			syncTypeName: 'full',
			deletedRecordCount: 0,
			recordCount: body.data.length,
			meta: { chunkLimit: 2500, source: 'feed' },
		});
		expect(body.data.length).toBeGreaterThan(0);
		const base = fx.emulator.urls.integration;
		for (const row of body.data) {
			expect(Object.keys(row).sort()).toEqual(ROW_FIELDS);
			expect(row.downloadUrl).toBe(`${base}/api/file/${row.id}`);
			expect(row.thumbnailUrl).toBe(`${base}/api/file/${row.id}?MaxDimension=128`);
			expect(row.mediumUrl).toBe(`${base}/api/file/${row.id}?MaxDimension=640`);
			expect(row.largeUrl).toBe(`${base}/api/file/${row.id}?MaxDimension=1980`);
			expect(row.collectionRef).toBe(COLLECTION_REF[row.source as keyof typeof COLLECTION_REF]);
			expect(row).toMatchObject({
				fileType: 'image/png',
				fileSize: fx.emulator.ctx.files.get(row.id)!.bytes.length,
			});
		}
		const first = fx.emulator.ctx.log
			.all()
			.filter((r) => r.path === '/v1/images')
			.pop();
		expect(first).toMatchObject({ api: 'extraction', status: 200 });
	});

	it('pages in parent records: ChunkLimit=1 gives one parent per page (rows can exceed it), every row exactly once, sources drained in order', async () => {
		const { pages, rows } = await api.all({ ChunkLimit: '1' });
		for (const page of pages) {
			expect(new Set(page.data.map((r) => r.idRef)).size).toBeLessThanOrEqual(1);
			expect(page.meta.parentRecordCount).toBeLessThanOrEqual(1);
		}
		expect(pages.some((p) => p.data.length > 1)).toBe(true);
		const keys = rows.map(rowKey);
		expect(new Set(keys).size).toBe(keys.length);
		expect([...keys].sort()).toEqual(expected());
		const order = rows.map((r) => SOURCE_ORDER.indexOf(r.source));
		expect(order).toEqual([...order].sort((a, b) => a - b));
		expect(new Set(rows.map((r) => r.source))).toEqual(new Set(SOURCE_ORDER));
		expect(pages[pages.length - 1].continuationToken).toBe('');
		expect(pages[pages.length - 1].links.next).toBeUndefined();
	});

	it('links.next is the relative URL of the next page (same query plus the token)', async () => {
		const first = await api.page({ ChunkLimit: '2', Sources: ['alert', 'checklist'] });
		const next = first.body.links.next!;
		expect(next.startsWith('/v1/images?')).toBe(true);
		const params = new URLSearchParams(next.split('?')[1]);
		expect(params.getAll('Sources')).toEqual(['alert', 'checklist']);
		expect(params.get('ChunkLimit')).toBe('2');
		expect(params.get('ContinuationToken')).toBe(first.body.continuationToken);
		const viaLink = await api.page(next.split('?')[1]);
		const viaToken = await api.page({
			ChunkLimit: '2',
			Sources: ['alert', 'checklist'],
			ContinuationToken: first.body.continuationToken,
		});
		expect(viaLink.body.data.map(rowKey)).toEqual(viaToken.body.data.map(rowKey));
	});

	it('when one enabled source is exhausted the token moves to the next enabled source', async () => {
		const { pages } = await api.all({ Sources: 'feed,checklist' });
		expect(pages.map((p) => p.meta.source)).toEqual(['feed', 'checklist']);
		expect(pages[0].data.every((r) => r.source === 'feed')).toBe(true);
		expect(pages[1].data.every((r) => r.source === 'checklist')).toBe(true);
		expect(pages[0].continuationToken).not.toBe('');
		expect(pages[1].continuationToken).toBe('');
	});

	describe('Sources', () => {
		it('accepts repeated and comma-separated values alike, in any order and case; omitted or empty means all three', async () => {
			const repeated = await api.all({ Sources: ['alert', 'feed'] });
			const comma = await api.all({ Sources: 'Feed, ALERT' });
			expect(comma.rows.map(rowKey)).toEqual(repeated.rows.map(rowKey));
			expect(new Set(repeated.rows.map((r) => r.source))).toEqual(new Set(['feed', 'alert']));
			const all = await api.all({ Sources: '' });
			expect(all.rows.map(rowKey).sort()).toEqual(expected());
		});

		it('one source only returns only its rows', async () => {
			const { rows } = await api.all({ Sources: 'checklist' });
			expect(rows.length).toBeGreaterThan(0);
			expect(
				rows.every((r) => r.source === 'checklist' && r.collectionRef === 'ChecklistSubmissions'),
			).toBe(true);
		});

		it('an invalid value answers 400 naming Sources', async () => {
			const { status, body } = await api.page({ Sources: ['feed', 'photos'] });
			expectValidation(status, body, 'Sources');
			expect(body.errors![0].message).toContain('photos');
		});
	});

	describe('ChunkLimit', () => {
		it.each(['0', '10001', 'abc', '2.5', '-1'])('answers 400 for %s', async (value) => {
			const { status, body } = await api.page({ ChunkLimit: value });
			expectValidation(status, body, 'ChunkLimit');
		});

		it('accepts 1 and 10000 and defaults to 2500', async () => {
			expect((await api.page({ ChunkLimit: '1' })).body.meta.chunkLimit).toBe(1);
			expect((await api.page({ ChunkLimit: '10000' })).body.meta.chunkLimit).toBe(10000);
			expect((await api.page()).body.meta.chunkLimit).toBe(2500);
		});
	});

	describe('ModifiedSince / ModifiedBefore', () => {
		it('ModifiedBefore without ModifiedSince answers 400', async () => {
			const { status, body } = await api.page({ ModifiedBefore: '2026-01-01T00:00:00Z' });
			expectValidation(status, body, 'ModifiedBefore');
			expect(body.errors![0].message).toContain('ModifiedSince');
		});

		it.each([
			['equal', '2026-01-01T00:00:00Z'],
			['earlier', '2025-12-31T23:59:59Z'],
		])('ModifiedBefore %s to ModifiedSince answers 400', async (_label, before) => {
			const { status, body } = await api.page({
				ModifiedSince: '2026-01-01T00:00:00Z',
				ModifiedBefore: before,
			});
			expectValidation(status, body, 'ModifiedBefore');
		});

		it('a malformed date answers 400 naming the parameter', async () => {
			const { status, body } = await api.page({ FromDateTime: 'yesterday' });
			expectValidation(status, body, 'FromDateTime');
		});

		it('ModifiedSince switches to incremental mode, ordered by parentModifiedDateTime within each source, window [since, before)', async () => {
			const all = section()
				.allParents()
				.filter((p) => p.imageIds.length > 0 && p.projectCompanyId !== DEMO.companies.other);
			const times = [...new Set(all.map((p) => p.modifiedDateTime))].sort();
			const since = times[Math.floor(times.length / 3)];
			const before = times[Math.floor((2 * times.length) / 3)];
			const { pages, rows } = await api.all({
				ModifiedSince: since,
				ModifiedBefore: before,
				ChunkLimit: '2',
			});
			expect(
				pages.every((p) => p.syncTypeName === 'incremental' && p.deletedRecordCount === 0),
			).toBe(true);
			expect(rows.length).toBeGreaterThan(0);
			for (const row of rows) {
				const stamp = row.parentModifiedDateTime as string;
				expect(stamp >= since && stamp < before).toBe(true);
			}
			for (const source of SOURCE_ORDER) {
				const stamps = rows
					.filter((r) => r.source === source)
					.map((r) => Date.parse(r.parentModifiedDateTime as string));
				expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
			}
			const want = section()
				.allRows(DEMO.companies.parent, {
					modifiedSinceMs: Date.parse(since),
					modifiedBeforeMs: Date.parse(before),
				})
				.map(rowKey)
				.sort();
			expect(rows.map(rowKey).sort()).toEqual(want);
		});
	});

	it('full mode FromDateTime/ToDateTime bound the parent creation date, [from, to] (ToDateTime inclusive)', async () => {
		const created = [
			...new Set(
				section()
					.allParents()
					.map((p) => p.createdDateTime),
			),
		].sort();
		const from = created[2];
		const to = created[created.length - 3];
		const { rows, pages } = await api.all({ FromDateTime: from, ToDateTime: to });
		expect(pages[0].syncTypeName).toBe('full');
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) {
			const parent = section().parent(row.idRef)!;
			expect(parent.createdDateTime >= from && parent.createdDateTime <= to).toBe(true);
		}
		expect(rows.some((r) => section().parent(r.idRef)!.createdDateTime === to)).toBe(true);
		// Equal ends: the window of that one instant.
		const instant = await api.all({ FromDateTime: to, ToDateTime: to });
		expect(instant.rows.length).toBeGreaterThan(0);
		expect(instant.rows.every((r) => section().parent(r.idRef)!.createdDateTime === to)).toBe(true);
		const want = section()
			.allRows(DEMO.companies.parent, { fromMs: Date.parse(from), toMs: Date.parse(to) })
			.map(rowKey)
			.sort();
		expect(rows.map(rowKey).sort()).toEqual(want);
		expect(want.length).toBeLessThan(expected().length);
	});

	describe('continuation tokens', () => {
		it('a malformed token answers 400 naming ContinuationToken', async () => {
			for (const token of ['abc', 'a.b.c', '!!!.???']) {
				const { status, body } = await api.page({ ContinuationToken: token });
				expectValidation(status, body, 'ContinuationToken');
			}
		});

		it('an altered or truncated token answers 400; the token cannot be read', async () => {
			const { body } = await api.page({ ChunkLimit: '1' });
			const token = body.continuationToken;
			// Opaque: no readable cursor inside.
			expect(Buffer.from(token, 'base64url').toString('latin1')).not.toMatch(
				/feed|alert|checklist/,
			);
			const raw = Buffer.from(token, 'base64url');
			const flipped = Buffer.from(raw);
			flipped[Math.floor(raw.length / 2)] ^= 0x01;
			for (const bad of [flipped.toString('base64url'), token.slice(0, -4), `${token}AAAA`]) {
				const res = await api.page({ ChunkLimit: '1', ContinuationToken: bad });
				expectValidation(res.status, res.body, 'ContinuationToken');
			}
			// The same position of the same query always gives the same token.
			expect((await api.page({ ChunkLimit: '1' })).body.continuationToken).toBe(token);
		});

		it('a token only continues the query it came from (other filters, the other mode, another company: 400)', async () => {
			const { body } = await api.page({ ChunkLimit: '1', Sources: 'feed' });
			const token = body.continuationToken;
			expect(
				(await api.page({ ChunkLimit: '1', Sources: 'feed', ContinuationToken: token })).status,
			).toBe(200);
			// The page size may change between pages.
			expect(
				(await api.page({ ChunkLimit: '5', Sources: 'feed', ContinuationToken: token })).status,
			).toBe(200);
			const others: Array<Record<string, string>> = [
				{ Sources: 'alert' },
				{ Sources: 'feed', ModifiedSince: '2020-01-01T00:00:00Z' },
				{ Sources: 'feed', RequireGeoCoordinate: 'true' },
			];
			for (const other of others) {
				const res = await api.page({ ChunkLimit: '1', ...other, ContinuationToken: token });
				expectValidation(res.status, res.body, 'ContinuationToken');
			}
			const foreign = await api.page(
				{ ChunkLimit: '1', Sources: 'feed', ContinuationToken: token },
				DEMO.clients.subsidiary,
			);
			expectValidation(foreign.status, foreign.body, 'ContinuationToken');
		});

		it('a token of the other sync mode is named as such: 400 ContinuationTokenModeMismatch (behaviour notes)', async () => {
			const since = '2000-01-01T00:00:00Z';
			const fullToken = (await api.page({ ChunkLimit: '1', Sources: 'feed' })).body
				.continuationToken;
			const incToken = (await api.page({ ChunkLimit: '1', Sources: 'feed', ModifiedSince: since }))
				.body.continuationToken;
			expect(fullToken).not.toBe('');
			expect(incToken).not.toBe('');
			const a = await api.page({
				ChunkLimit: '1',
				Sources: 'feed',
				ModifiedSince: since,
				ContinuationToken: fullToken,
			});
			expectValidation(a.status, a.body, 'ContinuationToken');
			expect(a.body.errors?.[0].code).toBe('ContinuationTokenModeMismatch');
			const b = await api.page({ ChunkLimit: '1', Sources: 'feed', ContinuationToken: incToken });
			expectValidation(b.status, b.body, 'ContinuationToken');
			expect(b.body.errors?.[0].code).toBe('ContinuationTokenModeMismatch');
		});
	});

	describe('company structure and project filters', () => {
		it('by default a parent-company caller sees own, subsidiary and shared data, never unshared data of another company', async () => {
			const { rows } = await api.all();
			const ids = new Set(rows.map((r) => r.id));
			expect(ids.has(I.matched)).toBe(true);
			expect(ids.has(I.noPilotFlag)).toBe(true);
			expect(ids.has(I.shared)).toBe(true);
			expect(ids.has(I.otherPrivate)).toBe(false);
			expect(new Set(rows.map((r) => r.projectCompanyId))).toEqual(
				new Set([DEMO.companies.parent, DEMO.companies.subsidiary, DEMO.companies.other]),
			);
		});

		it('OwnCompanyDataOnly drops data merely shared with the caller', async () => {
			const { rows } = await api.all({ OwnCompanyDataOnly: 'true' });
			expect(rows.length).toBeGreaterThan(0);
			expect(rows.some((r) => r.projectCompanyId === DEMO.companies.other)).toBe(false);
			expect(rows.some((r) => r.projectCompanyId === DEMO.companies.subsidiary)).toBe(true);
		});

		it('ExcludeDataFromSubsidiaries drops subsidiary data for a parent-company caller', async () => {
			const { rows } = await api.all({ ExcludeDataFromSubsidiaries: 'true' });
			expect(rows.some((r) => r.projectCompanyId === DEMO.companies.subsidiary)).toBe(false);
			expect(rows.some((r) => r.projectCompanyId === DEMO.companies.parent)).toBe(true);
			expect(rows.some((r) => r.projectCompanyId === DEMO.companies.other)).toBe(true);
			const both = await api.all({
				ExcludeDataFromSubsidiaries: 'true',
				OwnCompanyDataOnly: 'true',
			});
			expect(new Set(both.rows.map((r) => r.projectCompanyId))).toEqual(
				new Set([DEMO.companies.parent]),
			);
		});

		it('a subsidiary caller sees only its own data; another company sees its own data', async () => {
			const sub = await api.all({}, DEMO.clients.subsidiary);
			expect(new Set(sub.rows.map((r) => r.projectCompanyId))).toEqual(
				new Set([DEMO.companies.subsidiary]),
			);
			expect(sub.rows.map(rowKey).sort()).toEqual(expected(DEMO.companies.subsidiary));
			const other = await api.all({}, DEMO.clients.other);
			expect(new Set(other.rows.map((r) => r.id)).has(I.otherPrivate)).toBe(true);
			expect(new Set(other.rows.map((r) => r.projectCompanyId))).toEqual(
				new Set([DEMO.companies.other]),
			);
		});

		it('CompanyId restricts to data owned by that project company', async () => {
			const { rows } = await api.all({ CompanyId: DEMO.companies.subsidiary });
			expect(rows.length).toBeGreaterThan(0);
			expect(rows.every((r) => r.projectCompanyId === DEMO.companies.subsidiary)).toBe(true);
			const shared = await api.all({ CompanyId: DEMO.companies.other });
			expect(
				shared.rows
					.map((r) => r.idRef)
					.every((id) =>
						section().parent(id)!.sharedWithCompanyIds.includes(DEMO.companies.parent),
					),
			).toBe(true);
			expect(shared.rows.length).toBeGreaterThan(0);
		});

		it('ProjectId restricts to one project', async () => {
			const project = section().parent(P.feedOnRoad)!.projectId;
			const { rows } = await api.all({ ProjectId: project });
			expect(rows.length).toBeGreaterThan(0);
			expect(rows.every((r) => r.projectId === project)).toBe(true);
			expect(rows.map(rowKey).sort()).toEqual(
				section().allRows(DEMO.companies.parent, { projectId: project }).map(rowKey).sort(),
			);
		});

		it("a project or company outside the caller's reach answers 403", async () => {
			const { project } = fx.emulator.ctx.sections.projects.createFor(DEMO.companies.other, {
				companyId: DEMO.companies.other,
				projectNumber: 'X-403',
				name: 'Private',
			});
			const byProject = await api.page({ ProjectId: project.id }, DEMO.clients.subsidiary);
			expect(byProject.status).toBe(403);
			expect(byProject.body.errors![0].field).toBe('ProjectId');
			const byCompany = await api.page(
				{ CompanyId: DEMO.companies.parent },
				DEMO.clients.subsidiary,
			);
			expect(byCompany.status).toBe(403);
			expect(byCompany.body.errors![0].field).toBe('CompanyId');
		});
	});

	describe('location and road reference', () => {
		const rowOf = (rows: ImagesPage['data'], id: string) => rows.find((r) => r.id === id)!;

		it('location falls back to the parent when the image has no embedded coordinates', async () => {
			const { rows } = await api.all();
			const fallback = rowOf(rows, I.fallback);
			const parent = section().parent(P.checklistFallback)!;
			expect(fallback).toMatchObject({
				latitude: parent.location!.latitude,
				longitude: parent.location!.longitude,
				accuracy: parent.location!.accuracy,
			});
			const own = rowOf(rows, I.matched);
			const image = section().image(I.matched)!;
			expect(own).toMatchObject({
				latitude: image.location!.latitude,
				longitude: image.location!.longitude,
				accuracy: image.location!.accuracy,
			});
			expect(own.latitude).not.toBe(section().parent(P.feedOnRoad)!.location!.latitude);
			expect(rowOf(rows, I.noGpsAnywhere)).toMatchObject({
				latitude: null,
				longitude: null,
				accuracy: null,
			});
		});

		it('RequireGeoCoordinate drops images with neither file-level nor parent-level GPS', async () => {
			const { rows } = await api.all({ RequireGeoCoordinate: 'true' });
			const ids = new Set(rows.map((r) => r.id));
			expect(ids.has(I.noGpsAnywhere)).toBe(false);
			expect(ids.has(I.fallback)).toBe(true);
			expect(
				rows.every((r) => typeof r.latitude === 'number' && typeof r.longitude === 'number'),
			).toBe(true);
			expect(rows.length).toBeLessThan(expected().length);
		});

		it('roadReference is populated with all its fields when GPS, road match, provider and pilot flag are all there', async () => {
			const { rows } = await api.all();
			const matched = rows.filter((r) => r.id === I.matched);
			expect(matched).toHaveLength(2); // the same image under a feed post and an alert
			for (const row of matched) {
				const ref = row.roadReference as Record<string, unknown>;
				expect(Object.keys(ref).sort()).toEqual(ROAD_FIELDS);
				expect(ref).toMatchObject({
					provider: 'NVDB',
					countryCode: 'NO',
					roadCategory: 'E',
					roadNumber: '39',
					section: 'S5D1',
				});
				expect(ref.meterFromStart).toEqual(expect.any(Number));
				expect(ref.distanceFromCoordinateMeters as number).toBeLessThanOrEqual(25);
			}
		});

		it.each([
			['the image has no GPS (even with the parent location)', I.fallback, 'noGps'],
			['no road matches within tolerance', I.noRoadMatch, 'noRoadMatch'],
			['the provider was unreachable', I.providerUnreachable, 'providerUnreachable'],
			["the uploader's company lacks the pilot flag", I.noPilotFlag, 'noPilotFlag'],
		])('roadReference is null when %s', async (_label, id, status) => {
			const { rows } = await api.all();
			const row = rowOf(rows, id);
			expect(row.roadReference).toBeNull();
			expect(section().image(id)!.enrichment.status).toBe(status);
		});
	});

	it('matches parameter names case-insensitively and reads 0001-01-01 or a zone-less date-time as the behaviour notes say', async () => {
		const lower = await api.all({ chunklimit: '1', sources: 'alert' });
		const proper = await api.all({ ChunkLimit: '1', Sources: 'alert' });
		expect(lower.rows.map(rowKey)).toEqual(proper.rows.map(rowKey));
		expect(lower.pages[0].meta.chunkLimit).toBe(1);
		const none = await api.page({ ModifiedSince: '0001-01-01T00:00:00' });
		expect(none.body.syncTypeName).toBe('full');
		const parent = section().parent(P.checklistFallback)!;
		const zoneless = parent.createdDateTime.replace(/\.000Z$/, '');
		const from = await api.all({
			Sources: 'checklist',
			FromDateTime: zoneless,
			ToDateTime: `${zoneless}.001`,
		});
		expect(from.rows.map((r) => r.idRef)).toContain(P.checklistFallback);
	});

	it('one image under two parents gives two rows, told apart by collectionRef and idRef', async () => {
		const { rows } = await api.all();
		const two = rows.filter((r) => r.id === I.twoParents);
		expect(two.map((r) => [r.collectionRef, r.idRef]).sort()).toEqual([
			['FeedPosts', P.feedOnRoad],
			['IncidentRegistrations', P.alertShared],
		]);
	});

	it('a parent record without images emits no row', async () => {
		const { rows } = await api.all();
		expect(rows.some((r) => r.idRef === P.feedEmpty)).toBe(false);
	});

	it('needs a token carrying the extraction scope (401)', async () => {
		const { request } = await import('undici');
		const token = await api.token(DEMO.clients.integrationOnly, DEMO.scopes.integration);
		const res = await request(`${fx.emulator.urls.extraction}/v1/images`, {
			headers: { authorization: `Bearer ${token}` },
		});
		expect(res.statusCode).toBe(401);
		await res.body.dump();
		const none = await request(`${fx.emulator.urls.extraction}/v1/images`);
		expect(none.statusCode).toBe(401);
		await none.body.dump();
	});
});
