import { DEMO_MACHINES } from './seed/machines';
import { IMAGE_DEMO } from './seed/images';
import { DEMO, startEmulator, type Emulator } from './index';
import { inWindow } from './extraction/extractionPages';
import { EMULATED_ENDPOINTS, PDF_DELAY_MS, PDF_HOST } from './extraction/otherEndpoints/endpoints';
import { call, tokenFor } from '../support/http';

type Rec = Record<string, any>;
const DAY = 86_400_000;

/**
 * Contract of the extraction endpoints of the notes' section "Data extraction: more that the live
 * service is documented to do": v1/project, v1/project/work-breakdown-structure, v1/user,
 * v1/resource, v1/absence-registrations, v1/machine-registrations, v1/checklist-registrations,
 * v1/incident-registrations. Driven over HTTP with undici.
 */
describe('Emulator: the other extraction endpoints', () => {
	let emu: Emulator;
	let token: string;

	beforeAll(async () => {
		emu = await startEmulator({ workData: { timeRegistrations: 400 } });
		token = await tokenFor(emu);
	});
	afterAll(async () => emu.close());
	// Tests move the emulator's clock: a fresh token each time, so none expires part of the way through.
	beforeEach(async () => {
		token = await tokenFor(emu);
	});

	async function get(path: string, query: Record<string, string | number> = {}, bearer = token) {
		const qs = new URLSearchParams(
			Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
		);
		const res = await call('GET', `${emu.urls.extraction}${path}?${qs.toString()}`, {
			token: bearer,
		});
		return { status: res.status, body: res.body as Rec };
	}

	async function drain(path: string, query: Record<string, string | number> = {}, bearer = token) {
		const records: Rec[] = [];
		const pages: Rec[] = [];
		let next: string | undefined;
		do {
			const { status, body } = await get(
				path,
				next ? { ...query, ContinuationToken: next } : query,
				bearer,
			);
			expect({ path, status, body: status === 200 ? undefined : body }).toEqual({
				path,
				status: 200,
				body: undefined,
			});
			pages.push(body);
			records.push(...body.data);
			next = body.continuationToken || undefined;
		} while (next);
		return { records, pages };
	}

	/** A window every seeded machine registration of the last week falls into. */
	const lastWeek = () => {
		const to = Math.floor(emu.ctx.clock.now().getTime() / DAY) * DAY;
		return {
			FromDateTime: new Date(to - 7 * DAY).toISOString(),
			ToDateTime: new Date(to).toISOString(),
		};
	};
	const fullQuery = (path: string) => (path === '/v1/machine-registrations' ? lastWeek() : {});

	it.each(EMULATED_ENDPOINTS.map((e) => [e.path]))(
		"%s: full mode serves every live record of the caller's company structure once, in pages of ChunkLimit, with the envelope",
		async (path) => {
			const table = emu.ctx.sections.otherEndpoints.table(path);
			const visible = new Set(emu.ctx.companies.structureOf(DEMO.companies.parent));
			const window =
				path === '/v1/machine-registrations'
					? { from: Date.parse(lastWeek().FromDateTime), to: Date.parse(lastWeek().ToDateTime) }
					: {};
			const expected = table
				.live()
				.filter((r) => visible.has(String(r.fields.companyId)))
				.filter(
					(r) =>
						path !== '/v1/machine-registrations' ||
						inWindow(Date.parse(String(r.fields.stopDateTime)), window),
				)
				.map((r) => r.id);
			expect(expected.length).toBeGreaterThanOrEqual(5);
			const { records, pages } = await drain(path, { ...fullQuery(path), ChunkLimit: 4 });
			expect(records.map((r) => r.id)).toEqual(expected);
			expect(pages).toHaveLength(Math.ceil(expected.length / 4));
			expect(pages[0]).toMatchObject({
				syncTypeName: 'full',
				recordCount: 4,
				deletedRecordCount: 0,
				meta: { pageNumber: 1, chunkLimit: 4 },
			});
			expect(pages[0].links.next).toMatch(new RegExp(`^${path}\\?.*ContinuationToken=`));
			expect(pages.at(-1)!.continuationToken).toBe('');
			for (const r of records)
				expect(r).toMatchObject({
					id: expect.any(String),
					isDeleted: false,
					deletedDateTime: null,
					createdDateTime: expect.stringMatching(/Z$/),
					modifiedDateTime: expect.stringMatching(/Z$/),
				});
		},
	);

	it('ChunkLimit: 2,500 by default, at most 10,000, on every endpoint', async () => {
		for (const { path } of EMULATED_ENDPOINTS) {
			const first = await get(path, fullQuery(path));
			expect(first.body.meta.chunkLimit).toBe(2500);
			const over = await get(path, { ...fullQuery(path), ChunkLimit: 10_001 });
			expect([path, over.status, over.body.errors[0].field]).toEqual([path, 400, 'ChunkLimit']);
			expect((await get(path, { ...fullQuery(path), ChunkLimit: 10_000 })).status).toBe(200);
		}
	});

	it('records join with the demo data: the same projects, work orders, people and machines (ids) as the integration API, the work data and the image data', async () => {
		const projects = (await drain('/v1/project')).records;
		const workOrders = (await drain('/v1/project/work-breakdown-structure')).records;
		const users = (await drain('/v1/user')).records;
		const resources = (await drain('/v1/resource')).records;
		const ids = (list: Rec[]) => new Set(list.map((r) => r.id));
		const work = emu.ctx.sections.workData.data;

		const demoProject = emu.ctx.sections.projects.all().find((p) => p.projectNumber === 'P-1001')!;
		expect(projects.find((p) => p.id === demoProject.id)).toMatchObject({
			projectNumber: 'P-1001',
			name: demoProject.name,
			companyId: DEMO.companies.parent,
			companyName: 'Nordlys Bygg AS',
		});
		for (const p of work.projects.filter(
			(p) => p.companyId === DEMO.companies.parent || p.companyId === DEMO.companies.subsidiary,
		))
			expect(ids(projects).has(p.id)).toBe(true);
		expect(projects.some((p) => p.projectNumber === 'X-1')).toBe(false); // another company's
		for (const w of workOrders) expect(ids(projects).has(w.projectId)).toBe(true);
		for (const p of work.projects) expect(ids(workOrders).has(p.taskId)).toBe(true);
		for (const e of work.employees)
			expect(users.find((u) => u.id === e.id)).toMatchObject({
				employeeNumber: e.employeeNumber,
				name: e.name,
				hourlyWage: e.hourly,
			});
		expect(users.find((u) => u.employeeNumber === '1001')).toMatchObject({
			firstName: 'Kari',
			lastName: 'Nordmann',
			active: true,
		});
		expect(resources.find((r) => r.id === DEMO_MACHINES.excavator)).toMatchObject({
			resourceNumber: 'M-100',
			resourceType: 'machine',
			typeId: 'EXCAVATOR',
		});
		expect(resources.find((r) => r.id === DEMO_MACHINES.bucket)).toMatchObject({
			resourceType: 'equipment',
			parentResourceId: DEMO_MACHINES.excavator,
		});
		expect(ids(resources).has(DEMO_MACHINES.otherCompany)).toBe(false);

		// Time registrations point at these users and projects.
		const registrations = (await get('/v1/time-registrations', { ChunkLimit: 50 })).body
			.data as Rec[];
		for (const t of registrations) {
			expect(ids(users).has(t.userId)).toBe(true);
			expect(ids(projects).has(t.projectId)).toBe(true);
		}
		const machines = (await drain('/v1/machine-registrations', lastWeek())).records;
		expect(machines.length).toBeGreaterThan(0);
		for (const m of machines) {
			expect(resources.find((r) => r.id === m.resourceId)).toMatchObject({
				resourceType: 'machine',
				resourceNumber: m.resourceNumber,
			});
			expect(projects.find((p) => p.id === m.projectId)).toMatchObject({
				projectNumber: m.projectNumber,
			});
			expect(users.find((u) => u.id === m.userId)).toMatchObject({ name: m.userName });
		}
		for (const path of [
			'/v1/absence-registrations',
			'/v1/checklist-registrations',
			'/v1/incident-registrations',
		]) {
			for (const r of (await drain(path)).records) expect(ids(users).has(r.userId)).toBe(true);
		}
		// The image data's checklist and alert parents are checklist and incident registrations.
		const checklists = (await drain('/v1/checklist-registrations')).records;
		expect(checklists.find((c) => c.id === IMAGE_DEMO.parents.checklistFallback)).toMatchObject({
			checklistName: 'Safe Job Analysis',
			projectId: demoProject.id,
		});
		const incidents = (await drain('/v1/incident-registrations')).records;
		expect(ids(incidents).has(IMAGE_DEMO.parents.alertShared)).toBe(true);
	});

	it('a subsidiary client sees only its own structure; another company sees only its own records', async () => {
		const sub = await tokenFor(emu, DEMO.clients.subsidiary);
		const other = await tokenFor(emu, DEMO.clients.other);
		for (const path of ['/v1/project', '/v1/user', '/v1/checklist-registrations']) {
			const subRecords = (await drain(path, {}, sub)).records;
			expect(subRecords.length).toBeGreaterThan(0);
			expect(subRecords.every((r) => r.companyId === DEMO.companies.subsidiary)).toBe(true);
			const otherRecords = (await drain(path, {}, other)).records;
			expect(otherRecords.length).toBeGreaterThan(0);
			expect(otherRecords.every((r) => r.companyId === DEMO.companies.other)).toBe(true);
		}
	});

	describe('date window', () => {
		it('machine registrations filter on the stop time, absences on the start time (the shared window rule)', async () => {
			const machines = emu.ctx.sections.otherEndpoints
				.table('/v1/machine-registrations')
				.live()
				.filter((r) => r.fields.companyId === DEMO.companies.parent);
			// A window whose ends are stop times of records, to pin which date is filtered.
			const stops = [...new Set(machines.map((r) => String(r.fields.stopDateTime)))].sort();
			const from = stops.at(-8)!;
			const to = stops.at(-3)!;
			const w = { from: Date.parse(from), to: Date.parse(to) };
			const { records } = await drain('/v1/machine-registrations', {
				FromDateTime: from,
				ToDateTime: to,
			});
			const expected = machines
				.filter((r) => inWindow(Date.parse(String(r.fields.stopDateTime)), w))
				.map((r) => r.id);
			expect(records.map((r) => r.id)).toEqual(expected);
			expect(records.some((r) => r.startDateTime < from && r.stopDateTime >= from)).toBe(true); // started before, stopped inside: in
			const absences = emu.ctx.sections.otherEndpoints
				.table('/v1/absence-registrations')
				.live()
				.filter((r) => r.fields.companyId !== DEMO.companies.other);
			const starts = absences.map((r) => String(r.fields.startDateTime)).sort();
			const aw = { from: Date.parse(starts[10]), to: Date.parse(starts[40]) };
			const { records: inside } = await drain('/v1/absence-registrations', {
				FromDateTime: starts[10],
				ToDateTime: starts[40],
			});
			expect(inside.map((r) => r.id).sort()).toEqual(
				absences
					.filter((r) => inWindow(Date.parse(String(r.fields.startDateTime)), aw))
					.map((r) => r.id)
					.sort(),
			);
			expect(inside.length).toBeGreaterThan(5);
			expect(inside.length).toBeLessThan(absences.length);
		});

		it.each([
			['/v1/checklist-registrations'],
			['/v1/incident-registrations'],
			['/v1/project'],
			['/v1/user'],
		])('%s ignores FromDateTime/ToDateTime: every record, as without a window', async (path) => {
			const all = (await drain(path)).records.map((r) => r.id);
			const windowed = (
				await drain(path, {
					FromDateTime: '2999-01-01T00:00:00Z',
					ToDateTime: '2999-01-02T00:00:00Z',
				})
			).records.map((r) => r.id);
			expect(windowed).toEqual(all);
			expect(all.length).toBeGreaterThan(3);
		});

		it('machine registrations: a full load needs both ends, at most 7 days apart (400 naming the parameter); incremental mode needs none', async () => {
			const to = Date.parse(lastWeek().ToDateTime);
			const at = (ms: number) => new Date(ms).toISOString();
			const cases: Array<[Record<string, string>, number, string?]> = [
				[{}, 400, 'FromDateTime'],
				[{ FromDateTime: at(to - DAY) }, 400, 'ToDateTime'],
				[{ ToDateTime: at(to) }, 400, 'FromDateTime'],
				[{ FromDateTime: at(to - 7 * DAY - 1), ToDateTime: at(to) }, 400, 'ToDateTime'],
				[{ FromDateTime: at(to - 7 * DAY), ToDateTime: at(to) }, 200],
				[{ FromDateTime: at(to), ToDateTime: at(to) }, 200],
				[{ ModifiedSince: at(to - 30 * DAY) }, 200],
				[
					{ ModifiedSince: at(to - 30 * DAY), FromDateTime: at(to - 8 * DAY), ToDateTime: at(to) },
					400,
					'ToDateTime',
				],
			];
			for (const [query, status, field] of cases) {
				const res = await get('/v1/machine-registrations', query);
				expect({ query, status: res.status, field: res.body.errors?.[0]?.field }).toEqual({
					query,
					status,
					field,
				});
			}
			const incremental = await drain('/v1/machine-registrations', {
				ModifiedSince: at(to - 400 * DAY),
			});
			// Every record of the company once; those other cases deleted come as tombstones.
			const stored = emu.ctx.sections.otherEndpoints
				.table('/v1/machine-registrations')
				.all()
				.filter((r) => r.fields.companyId === DEMO.companies.parent);
			expect(incremental.records.map((r) => [r.id, r.isDeleted]).sort()).toEqual(
				stored.map((r) => [r.id, r.deleted !== 0]).sort(),
			);
		});
	});

	describe('deletion shapes (incremental mode only; full mode never returns deleted records)', () => {
		const section = () => emu.ctx.sections.otherEndpoints;
		const tick = (ms = 60_000) => emu.ctx.clock.advance(ms);

		it('master data: the last stored version with isDeleted; its modifiedDateTime is the last change before the deletion, and it comes back in the window of its deletion', async () => {
			const project = section().add('v1/project', {
				projectNumber: 'DEL-1',
				name: 'To be deleted',
			});
			tick();
			const changed = section().change('v1/project', String(project.id), {
				name: 'Renamed before deletion',
			});
			tick(10 * 60_000);
			const since = emu.ctx.clock.nowIso();
			tick();
			const deleted = section().delete('v1/project', String(project.id));
			tick();
			const { records, pages } = await drain('/v1/project', { ModifiedSince: since });
			expect(records).toEqual([
				{ ...changed, isDeleted: true, deletedDateTime: deleted.deletedDateTime },
			]);
			expect(records[0].modifiedDateTime < since).toBe(true);
			expect(records[0].deletedDateTime > since).toBe(true);
			expect(records[0]).toMatchObject({ projectNumber: 'DEL-1', name: 'Renamed before deletion' });
			expect(pages[0]).toMatchObject({
				syncTypeName: 'incremental',
				recordCount: 1,
				deletedRecordCount: 1,
			});
			// ModifiedBefore bounds the deletion time, not the old modifiedDateTime.
			expect(
				(
					await drain('/v1/project', {
						ModifiedSince: since,
						ModifiedBefore: String(deleted.deletedDateTime),
					})
				).records,
			).toEqual([]);
			expect((await drain('/v1/project')).records.find((r) => r.id === project.id)).toBeUndefined();
		});

		it('registrations: a tombstone with id, isDeleted, deletedDateTime and modifiedDateTime (the deletion time); every other field empty', async () => {
			// Its own record: the seeded ones are what other cases read.
			const victim = section().add('v1/machine-registrations');
			expect(victim.companyId).toBe(DEMO.companies.parent);
			tick();
			const since = emu.ctx.clock.nowIso();
			tick();
			section().delete('v1/machine-registrations', String(victim.id));
			const { records, pages } = await drain('/v1/machine-registrations', { ModifiedSince: since });
			expect(records).toHaveLength(1);
			const [tombstone] = records;
			expect(tombstone).toMatchObject({ id: victim.id, isDeleted: true });
			expect(tombstone.modifiedDateTime).toBe(tombstone.deletedDateTime);
			const { id, isDeleted, deletedDateTime, modifiedDateTime, ...rest } = tombstone;
			expect(Object.values(rest).every((v) => v === null)).toBe(true);
			expect(Object.keys(rest)).toEqual(
				expect.arrayContaining([
					'resourceId',
					'projectId',
					'userId',
					'stopDateTime',
					'qty',
					'createdDateTime',
				]),
			);
			expect([id, isDeleted, deletedDateTime, modifiedDateTime].every((v) => v !== null)).toBe(
				true,
			);
			expect(pages[0].deletedRecordCount).toBe(1);
			const stop = Date.parse(String(victim.stopDateTime));
			const full = await drain('/v1/machine-registrations', {
				FromDateTime: new Date(stop - DAY).toISOString(),
				ToDateTime: new Date(stop + DAY).toISOString(),
			});
			expect(full.records.find((r) => r.id === victim.id)).toBeUndefined();
		});

		it('checklists: the full record with isDeleted (the deletion is its last change)', async () => {
			// Its own record (the seeded ones are what other cases read), old enough to have its PDF.
			const { id } = section().add('v1/checklist-registrations');
			tick(PDF_DELAY_MS);
			const since = emu.ctx.clock.nowIso();
			tick();
			const before = section().view('v1/checklist-registrations', String(id))!;
			expect(before.companyId).toBe(DEMO.companies.parent);
			const deleted = section().delete('v1/checklist-registrations', String(id));
			const { records } = await drain('/v1/checklist-registrations', { ModifiedSince: since });
			expect(records).toEqual([
				{
					...before,
					isDeleted: true,
					deletedDateTime: deleted.deletedDateTime,
					modifiedDateTime: deleted.deletedDateTime,
				},
			]);
			expect(records[0]).toMatchObject({
				checklistName: expect.any(String),
				answers: expect.any(Array),
				pdfUrl: expect.stringContaining(PDF_HOST),
			});
		});

		it('incremental mode: created, changed and deleted records of the window, oldest change first', async () => {
			tick();
			const since = emu.ctx.clock.nowIso();
			tick();
			const user = section().add('v1/user', {
				firstName: 'Nina',
				lastName: 'Lie',
				name: 'Nina Lie',
			});
			tick();
			const older = section()
				.table('v1/user')
				.live()
				.find((u) => u.fields.companyId === DEMO.companies.parent)!;
			section().change('v1/user', older.id, { department: 'Tunnels' });
			tick();
			section().delete('v1/user', String(user.id));
			const { records } = await drain('/v1/user', { ModifiedSince: since });
			// The new user's creation and its deletion are one record: its latest state, positioned at the deletion.
			expect(records.map((r) => [r.id, r.isDeleted])).toEqual([
				[older.id, false],
				[user.id, true],
			]);
		});
	});

	it('pdfUrl: an absolute link on a host that is none of the three bases, null until the PDF exists (which is no change of the record)', async () => {
		const section = emu.ctx.sections.otherEndpoints;
		const since = emu.ctx.clock.nowIso();
		emu.ctx.clock.advance(1000);
		const added = section.add('v1/absence-registrations');
		expect(added.pdfUrl).toBeNull();
		const first = (await drain('/v1/absence-registrations', { ModifiedSince: since })).records;
		expect(first).toEqual([expect.objectContaining({ id: added.id, pdfUrl: null })]);
		emu.ctx.clock.advance(PDF_DELAY_MS);
		const later = (await drain('/v1/absence-registrations', { ModifiedSince: since })).records;
		expect(later[0].modifiedDateTime).toBe(first[0].modifiedDateTime);
		const url = new URL(later[0].pdfUrl);
		expect(later[0].pdfUrl).toBe(
			`${PDF_HOST}/pdf/v1/absence-registrations/${String(added.id)}.pdf`,
		);
		for (const base of [emu.urls.identity, emu.urls.integration, emu.urls.extraction])
			expect(url.host).not.toBe(new URL(base).host);
		for (const path of ['/v1/checklist-registrations', '/v1/incident-registrations']) {
			const { records } = await drain(path);
			expect(
				records.every((r) => typeof r.pdfUrl === 'string' && r.pdfUrl.startsWith(`${PDF_HOST}/`)),
			).toBe(true);
		}
		const { records: machines } = await drain('/v1/machine-registrations', lastWeek());
		expect(machines.every((r) => !('pdfUrl' in r))).toBe(true);
	});

	it('a continuation token belongs to its endpoint and query (400 elsewhere)', async () => {
		const first = await get('/v1/user', { ChunkLimit: 2 });
		const token2 = first.body.continuationToken as string;
		expect(token2).not.toBe('');
		expect((await get('/v1/user', { ChunkLimit: 2, ContinuationToken: token2 })).status).toBe(200);
		const elsewhere = await get('/v1/project', { ChunkLimit: 2, ContinuationToken: token2 });
		expect(elsewhere.status).toBe(400);
		expect(elsewhere.body.errors[0].field).toBe('ContinuationToken');
	});

	it('control surface: POST /__control/other-endpoints adds, changes and deletes; incremental mode shows each', async () => {
		const control = (body: unknown) =>
			call('POST', `${emu.urls.control}/other-endpoints`, { body });
		emu.ctx.clock.advance(1000);
		const since = emu.ctx.clock.nowIso();
		emu.ctx.clock.advance(1000);
		const added = await control({
			endpoint: 'v1/incident-registrations',
			action: 'add',
			fields: { title: 'Loose railing' },
		});
		expect(added.status).toBe(201);
		const id = String((added.body as Rec).record.id);
		expect((added.body as Rec).record).toMatchObject({
			title: 'Loose railing',
			isDeleted: false,
			companyId: DEMO.companies.parent,
			pdfUrl: null,
		});
		emu.ctx.clock.advance(1000);
		const changed = await control({
			endpoint: '/v1/incident-registrations',
			action: 'change',
			id,
			fields: { status: 'closed' },
		});
		expect(changed.status).toBe(200);
		let records = (await drain('/v1/incident-registrations', { ModifiedSince: since })).records;
		expect(records).toEqual([
			expect.objectContaining({ id, status: 'closed', title: 'Loose railing' }),
		]);
		emu.ctx.clock.advance(1000);
		expect(
			(await control({ endpoint: 'v1/incident-registrations', action: 'delete', id })).status,
		).toBe(200);
		records = (await drain('/v1/incident-registrations', { ModifiedSince: since })).records;
		expect(records).toEqual([expect.objectContaining({ id, isDeleted: true, title: null })]);

		const bad = async (body: unknown, field: string) => {
			const res = await control(body);
			expect({ status: res.status, field: (res.body as Rec).errors[0].field }).toEqual({
				status: 400,
				field,
			});
		};
		await bad({ endpoint: 'v1/flow-locations', action: 'add' }, 'endpoint');
		await bad({ endpoint: 'v1/project', action: 'rename' }, 'action');
		await bad({ endpoint: 'v1/project', action: 'delete', id: 'no-such-id' }, 'id');
		await bad({ endpoint: 'v1/incident-registrations', action: 'change', id, fields: {} }, 'id');
	});
});
