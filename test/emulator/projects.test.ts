import { DEMO, startEmulator, type Emulator } from '.';
import { call, tokenFor } from '../support/http';

describe('emulator: projects and work orders', () => {
	let emu: Emulator;
	let token: string;
	const url = (path: string) => `${emu.urls.integration}/api/v4/integration${path}`;
	beforeAll(async () => {
		emu = await startEmulator();
		token = await tokenFor(emu);
	});
	afterAll(async () => emu.close());

	it('answers validation failures with the standard error body naming each field', async () => {
		const res = await call('POST', url('/projects'), {
			token,
			body: { name: 42, workBreakLunchStartTime: '25:00', active: 'yes' },
		});
		expect(res.status).toBe(400);
		const body = res.body as {
			message: string;
			errors: Array<{ category: string; code: string; field: string; message: string }>;
		};
		expect(body.message).toBeTruthy();
		expect(body.errors.map((e) => e.field).sort()).toEqual([
			'active',
			'companyId',
			'name',
			'projectNumber',
			'workBreakLunchStartTime',
		]);
		expect(
			body.errors.every(
				(e) => e.category === 'UserInvalidInputError' && e.code === 'ValidationError',
			),
		).toBe(true);
	});

	it('answers invalid JSON with a 400 body', async () => {
		const res = await call('POST', url('/projects'), { token, body: '{"companyId":' });
		expect(res.status).toBe(400);
		expect(res.body).toMatchObject({ errors: [{ code: 'InvalidJson' }] });
	});

	it('PUT replaces all fields, PATCH only the sent ones, customerNumber keeps the link when omitted', async () => {
		const created = (
			await call('POST', url('/projects'), {
				token,
				body: {
					companyId: DEMO.companies.parent,
					projectNumber: 'C-1',
					name: 'n',
					description: 'd',
					customerNumber: 'K-1',
					projectCustomerName: 'Kunde',
				},
			})
		).body as { id: string; customerId: string };
		expect(created.customerId).toBeTruthy();
		const patched = (
			await call('PATCH', url(`/projects/${created.id}`), { token, body: { name: 'n2' } })
		).body;
		expect(patched).toMatchObject({ name: 'n2', description: 'd', customerNumber: 'K-1' });
		const put = (
			await call('PUT', url(`/projects/${created.id}`), {
				token,
				body: { companyId: DEMO.companies.parent, projectNumber: 'C-1' },
			})
		).body;
		expect(put).toMatchObject({
			name: null,
			description: null,
			active: false,
			customerNumber: 'K-1',
			customerId: created.customerId,
		});
		const relinked = (
			await call('PATCH', url(`/projects/${created.id}`), {
				token,
				body: { customerNumber: 'K-2' },
			})
		).body as { customerId: string };
		expect(relinked.customerId).not.toBe(created.customerId);
	});

	it('keeps projectNumber unique per company but allows it in another company', async () => {
		const a = await call('POST', url('/projects'), {
			token,
			body: { companyId: DEMO.companies.parent, projectNumber: 'U-1' },
		});
		const b = await call('POST', url('/projects'), {
			token,
			body: { companyId: DEMO.companies.parent, projectNumber: 'U-1' },
		});
		expect(a.status).toBe(201);
		expect(b.status).toBe(200);
		expect((b.body as { id: string }).id).toBe((a.body as { id: string }).id);
		const sub = await call('POST', url('/projects'), {
			token,
			body: { companyId: DEMO.companies.subsidiary, projectNumber: 'U-1' },
		});
		expect(sub.status).toBe(201);
	});

	it('decodes each path segment on its own, so an encoded slash stays inside the number', async () => {
		await call('POST', url('/projects'), {
			token,
			body: { companyId: DEMO.companies.parent, projectNumber: 'X/Y' },
		});
		const res = await call('GET', url(`/projects/by-project-number/${encodeURIComponent('X/Y')}`), {
			token,
		});
		expect(res.status).toBe(200);
		expect(res.body).toMatchObject({ projectNumber: 'X/Y' });
	});

	it('deletes with 204 and then answers 404', async () => {
		const id = (
			(
				await call('POST', url('/projects'), {
					token,
					body: { companyId: DEMO.companies.parent, projectNumber: 'DEL-1' },
				})
			).body as { id: string }
		).id;
		expect((await call('DELETE', url(`/projects/${id}`), { token })).status).toBe(204);
		expect((await call('GET', url(`/projects/${id}`), { token })).status).toBe(404);
	});

	it('creates work orders on a visible project and lists them per project', async () => {
		const project = emu.ctx.sections.projects.list(DEMO.companies.parent)[0];
		const created = await call('POST', url('/tasks'), {
			token,
			body: {
				companyId: project.companyId,
				projectId: project.id,
				externalId: 'W-9',
				name: 'Fencing',
				active: false,
			},
		});
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({ projectId: project.id, externalId: 'W-9', active: false });
		const list = (await call('GET', url(`/tasks/project/${project.id}`), { token })).body as Array<{
			externalId: string;
		}>;
		expect(list.map((w) => w.externalId)).toContain('W-9');
		const foreign = emu.ctx.sections.projects.list(DEMO.companies.other)[0];
		const refused = await call('POST', url('/tasks'), {
			token,
			body: { companyId: foreign.companyId, projectId: foreign.id, externalId: 'W', name: 'x' },
		});
		expect(refused.status).toBe(400);
		expect(refused.body).toMatchObject({ errors: [{ field: 'projectId' }] });
	});
});
