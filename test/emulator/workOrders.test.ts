import { DEMO, startEmulator, type Emulator } from '.';
import { call, tokenFor } from '../support/http';

/** PATCH /api/v4/integration/tasks/{id}: documented by the vendor, not by the specification. */
describe('emulator: work order partial update (PATCH tasks/{id})', () => {
	let emu: Emulator;
	let token: string;
	const url = (path: string) => `${emu.urls.integration}/api/v4/integration${path}`;
	const projectOf = (company: string, n = 0) => emu.ctx.sections.projects.list(company)[n];
	const create = async (externalId: string, project = projectOf(DEMO.companies.parent)) =>
		(
			await call('POST', url('/tasks'), {
				token,
				body: {
					companyId: project.companyId,
					projectId: project.id,
					externalId,
					name: `Order ${externalId}`,
					active: true,
				},
			})
		).body as Record<string, unknown> & { id: string };
	beforeAll(async () => {
		emu = await startEmulator();
		token = await tokenFor(emu);
	});
	afterAll(async () => emu.close());

	it('changes only the fields sent and answers the whole work order; the list shows the change', async () => {
		const before = await create('PW-1');
		emu.ctx.clock.advance(60_000);
		const res = await call('PATCH', url(`/tasks/${before.id}`), {
			token,
			body: { name: 'Night shift', active: false, unknownField: 'ignored' },
		});
		expect(res.status).toBe(200);
		const after = res.body as typeof before;
		expect(after).toEqual({
			...before,
			name: 'Night shift',
			active: false,
			modifiedDateTime: after.modifiedDateTime,
		});
		// The emulator's clock moved a minute on between the two requests.
		expect(
			Date.parse(String(after.modifiedDateTime)) - Date.parse(String(before.modifiedDateTime)),
		).toBeGreaterThanOrEqual(60_000);
		const list = (await call('GET', url(`/tasks/project/${String(before.projectId)}`), { token }))
			.body as Array<{ id: string; name: string }>;
		expect(list.find((w) => w.id === before.id)).toEqual(res.body);
	});

	it('an empty body changes nothing but the modification time', async () => {
		const before = await create('PW-2');
		const res = await call('PATCH', url(`/tasks/${before.id}`), { token, body: {} });
		expect(res.status).toBe(200);
		expect({ ...(res.body as object), modifiedDateTime: before.modifiedDateTime }).toEqual(before);
	});

	it('moves a work order to another project of the company, with the same rules as on create', async () => {
		const before = await create('PW-3');
		const target = projectOf(DEMO.companies.parent, 1);
		const moved = await call('PATCH', url(`/tasks/${before.id}`), {
			token,
			body: { projectId: target.id },
		});
		expect(moved.status).toBe(200);
		expect(moved.body).toMatchObject({
			id: before.id,
			projectId: target.id,
			companyId: target.companyId,
			externalId: 'PW-3',
		});
		const foreign = projectOf(DEMO.companies.other);
		const refused = await call('PATCH', url(`/tasks/${before.id}`), {
			token,
			body: { projectId: foreign.id },
		});
		expect(refused.status).toBe(400);
		expect(refused.body).toMatchObject({
			errors: [{ field: 'projectId', code: 'ValidationError' }],
		});
	});

	it.each([
		['a required field cleared', { name: null }, 'name', 'ValidationError'],
		['a required string emptied', { externalId: '' }, 'externalId', 'ValidationError'],
		['a value of the wrong type', { active: 'yes' }, 'active', 'ValidationError'],
		[
			"a companyId that is not the project's",
			{ companyId: DEMO.companies.other },
			'companyId',
			'ValidationError',
		],
	])(
		'refuses %s with a 400 naming the field, and changes nothing',
		async (_name, body, field, code) => {
			const before = await create(`PW-4-${field}`);
			const res = await call('PATCH', url(`/tasks/${before.id}`), { token, body });
			expect(res.status).toBe(400);
			expect(res.body).toMatchObject({ errors: [{ field, code }] });
			const list = (await call('GET', url(`/tasks/project/${String(before.projectId)}`), { token }))
				.body as Array<{ id: string }>;
			expect(list.find((w) => w.id === before.id)).toEqual(before);
		},
	);

	it('refuses an externalId another work order of the project has (DuplicateExternalId)', async () => {
		await create('PW-5');
		const other = await create('PW-6');
		const res = await call('PATCH', url(`/tasks/${other.id}`), {
			token,
			body: { externalId: 'PW-5' },
		});
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({
			errors: [{ field: 'externalId', code: 'DuplicateExternalId' }],
		});
		const same = await call('PATCH', url(`/tasks/${other.id}`), {
			token,
			body: { externalId: 'PW-6' },
		});
		expect(same.status).toBe(200);
	});

	it('answers 404 for a missing work order and for one of another company alike', async () => {
		const foreignToken = await tokenFor(emu, DEMO.clients.other);
		const mine = await create('PW-7');
		for (const [id, t] of [
			['no-such-work-order', token],
			[mine.id, foreignToken],
		]) {
			const res = await call('PATCH', url(`/tasks/${id}`), { token: t, body: { name: 'x' } });
			expect(res.status).toBe(404);
			expect(res.body).toMatchObject({ errors: [{ category: 'NotFoundError', field: 'id' }] });
		}
		const res = await call('PATCH', url(`/tasks/${mine.id}`), { body: { name: 'x' } });
		expect(res.status).toBe(401);
	});
});
