import { request } from 'undici';

import { tokenCache } from '../support/fetchToken';
import { DEMO, startEmulator, type Emulator } from '.';
import { DEMO_MACHINES } from './seed/machines';

type Client = { clientId: string; clientSecret: string };
type ErrorBody = {
	message: string;
	errors: Array<{ category: string; code: string; field: string; message: string }>;
};
type Json = Record<string, unknown>;

/** The emulator's machine endpoints driven over HTTP with undici, pinning the specification's rules. */
describe('emulator: machines and equipment', () => {
	let emu: Emulator;
	const tokens = tokenCache();

	beforeAll(async () => {
		emu = await startEmulator();
	});
	afterAll(async () => emu.close());

	const tokenOf = (client: Client) => tokens(emu, client);

	async function call(
		method: string,
		path: string,
		body?: unknown,
		client: Client = DEMO.clients.admin,
	): Promise<{ status: number; body: unknown }> {
		const res = await request(`${emu.urls.integration}${path}`, {
			method: method as 'GET',
			headers: {
				authorization: `Bearer ${await tokenOf(client)}`,
				...(body !== undefined ? { 'content-type': 'application/json' } : {}),
			},
			body: body !== undefined ? JSON.stringify(body) : undefined,
		});
		const text = await res.body.text();
		return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
	}

	const M = '/api/v4/integration/machines';
	const parent = DEMO.companies.parent;
	let seq = 0;
	const number = (prefix = 'C') => `${prefix}-${++seq}`;
	const create = async (fields: Json = {}, client?: Client) =>
		await call('POST', M, { companyId: parent, machineNumber: number(), ...fields }, client);
	const fieldsOf = (body: unknown) => (body as ErrorBody).errors.map((e) => e.field).sort();

	it('lists the machine types of the caller’s company, each with a typeId string', async () => {
		const res = await call('GET', '/api/MachineType');
		expect(res.status).toBe(200);
		expect((res.body as Json[]).map((t) => t.typeId)).toEqual([
			'EXCAVATOR',
			'WHEEL_LOADER',
			'TRUCK',
		]);
		expect((await call('GET', '/api/MachineType', undefined, DEMO.clients.other)).body).toEqual([
			{ typeId: 'CRANE', name: 'Crane' },
		]);
	});

	it('answers 401 without a token', async () => {
		const res = await request(`${emu.urls.integration}${M}`);
		expect(res.statusCode).toBe(401);
		await res.body.text();
	});

	it('creates with 201; companyId and machineNumber are required; wrong types name their fields', async () => {
		const ok = await create({
			name: 'x',
			typeId: 'TRUCK',
			buildYear: 2020,
			serviceDate: '2026-01-01T00:00:00Z',
		});
		expect(ok.status).toBe(201);
		expect(ok.body).toMatchObject({
			typeId: 'TRUCK',
			active: false,
			isEquipment: false,
			fuelType: null,
			parentMachineId: null,
		});
		const bad = await call('POST', M, {
			name: 1,
			buildYear: 1.5,
			weight: 'heavy',
			serviceDate: 'soon',
			active: 'yes',
		});
		expect(bad.status).toBe(400);
		expect(fieldsOf(bad.body)).toEqual([
			'active',
			'buildYear',
			'companyId',
			'machineNumber',
			'name',
			'serviceDate',
			'weight',
		]);
	});

	it('keeps machineNumber unique within a company, but not across companies', async () => {
		const dup = await create({ machineNumber: 'M-100' });
		expect(dup.status).toBe(400);
		expect((dup.body as ErrorBody).errors).toEqual([
			expect.objectContaining({
				field: 'machineNumber',
				code: 'MachineService.machineNumberNotUnique',
			}),
		]);
		const sub = await call('POST', M, {
			companyId: DEMO.companies.subsidiary,
			machineNumber: 'M-100',
		});
		expect(sub.status).toBe(201);
	});

	it('validates typeId for machines (MachineService.machineTypeInvalid) but not for equipment', async () => {
		const machine = await create({ typeId: 'ROCKET' });
		expect(machine.status).toBe(400);
		expect((machine.body as ErrorBody).errors).toEqual([
			expect.objectContaining({ field: 'typeId', code: 'MachineService.machineTypeInvalid' }),
		]);
		expect((machine.body as ErrorBody).errors[0].message).toContain("'ROCKET'");
		// Types are per company: the other company's type is unknown here.
		expect((await create({ typeId: 'CRANE' })).status).toBe(400);
		const equipment = await create({ typeId: 'ROCKET', isEquipment: true });
		expect(equipment.status).toBe(201);
		// Also on PUT and PATCH of a machine.
		const id = ((await create({ typeId: 'TRUCK' })).body as Json).id as string;
		expect((await call('PATCH', `${M}/${id}`, { typeId: 'ROCKET' })).status).toBe(400);
		expect(
			(
				await call('PUT', `${M}/${id}`, {
					companyId: parent,
					machineNumber: 'P-X',
					typeId: 'ROCKET',
				})
			).status,
		).toBe(400);
	});

	it('links equipment to a parent machine and returns it with includeEquipmentDetails=true', async () => {
		const machine = (await create({ typeId: 'EXCAVATOR' })).body as Json;
		const tool = await create({ isEquipment: true, parentMachineId: machine.id });
		expect(tool.status).toBe(201);
		const plain = (await call('GET', `${M}/${machine.id as string}`)).body as Json;
		expect(plain).not.toHaveProperty('equipment');
		const withEq = (await call('GET', `${M}/${machine.id as string}?includeEquipmentDetails=true`))
			.body as Json;
		expect(withEq.equipment).toEqual([
			expect.objectContaining({ id: (tool.body as Json).id, parentMachineId: machine.id }),
		]);
		const list = (await call('GET', `${M}?includeEquipmentDetails=true`)).body as Json[];
		expect(list.find((m) => m.id === DEMO_MACHINES.excavator)?.equipment).toHaveLength(2);
		const byNumber = (
			await call(
				'GET',
				`${M}/by-machine-number/${machine.machineNumber as string}?includeEquipmentDetails=TRUE`,
			)
		).body as Json;
		expect(byNumber.equipment).toHaveLength(1);
		expect((await call('GET', `${M}?includeEquipmentDetails=maybe`)).status).toBe(400);
	});

	it.each([
		['a missing machine', { isEquipment: true, parentMachineId: 'nope' }],
		['equipment as parent', { isEquipment: true, parentMachineId: DEMO_MACHINES.bucket }],
		['a parent on a machine', { parentMachineId: DEMO_MACHINES.excavator }],
		[
			"another company's machine",
			{ isEquipment: true, parentMachineId: DEMO_MACHINES.otherCompany },
		],
	])('refuses a parent link to %s, naming parentMachineId', async (_label, fields) => {
		const res = await create(fields);
		expect(res.status).toBe(400);
		expect(fieldsOf(res.body)).toEqual(['parentMachineId']);
	});

	it('refuses turning a machine with linked equipment into equipment', async () => {
		const res = await call('PATCH', `${M}/${DEMO_MACHINES.excavator}`, { isEquipment: true });
		expect(res.status).toBe(400);
		expect(fieldsOf(res.body)).toEqual(['isEquipment']);
	});

	it('PUT replaces all fields (ESG excepted), PATCH only the sent ones', async () => {
		const created = (await create({ name: 'n', department: 'd', active: true, hourMeter: 5 }))
			.body as Json;
		const id = created.id as string;
		expect((await call('PATCH', `${M}/${id}/esg`, { fuelType: 1 })).status).toBe(200);
		const patched = (await call('PATCH', `${M}/${id}`, { name: 'n2' })).body;
		expect(patched).toMatchObject({
			name: 'n2',
			department: 'd',
			active: true,
			hourMeter: 5,
			fuelType: 1,
		});
		const put = (
			await call('PUT', `${M}/${id}`, { companyId: parent, machineNumber: created.machineNumber })
		).body;
		expect(put).toMatchObject({
			name: null,
			department: null,
			active: false,
			hourMeter: null,
			fuelType: 1,
			createdDateTime: created.createdDateTime,
		});
		const cleared = await call('PATCH', `${M}/${id}`, { machineNumber: null });
		expect(cleared.status).toBe(400);
		expect(fieldsOf(cleared.body)).toEqual(['machineNumber']);
		const otherId = await call('PUT', `${M}/${id}`, {
			id: 'different',
			companyId: parent,
			machineNumber: 'Z',
		});
		expect(fieldsOf(otherId.body)).toEqual(['id']);
	});

	it('ESG: at least one supported field, integers within the allowed ranges; ignored by the other writes', async () => {
		const id = ((await create({ fuelType: 3 })).body as Json).id as string;
		expect((await call('GET', `${M}/${id}`)).body).toMatchObject({ fuelType: null });
		for (const body of [{}, { color: 'red' }]) {
			const res = await call('PATCH', `${M}/${id}/esg`, body);
			expect(res.status).toBe(400);
			expect((res.body as ErrorBody).errors[0].message).toContain('At least one supported field');
		}
		const cases: Array<[Json, string]> = [
			[{ fuelType: 8 }, 'fuelType'],
			[{ fuelType: -1 }, 'fuelType'],
			[{ fuelConsumptionUnit: 6 }, 'fuelConsumptionUnit'],
			[{ fuelConsumptionUnit: 1.5 }, 'fuelConsumptionUnit'],
			[{ fuelConsumptionRate: -2 }, 'fuelConsumptionRate'],
			[{ fuelConsumptionRate: 'much' }, 'fuelConsumptionRate'],
		];
		for (const [body, field] of cases) {
			const res = await call('PATCH', `${M}/${id}/esg`, body);
			expect([res.status, fieldsOf(res.body)]).toEqual([400, [field]]);
		}
		const ok = await call('PATCH', `${M}/${id}/esg`, {
			fuelConsumptionRate: 14.2,
			fuelConsumptionUnit: 5,
			fuelType: 7,
		});
		expect(ok).toMatchObject({
			status: 200,
			body: { fuelConsumptionRate: 14.2, fuelConsumptionUnit: 5, fuelType: 7 },
		});
		expect((await call('PATCH', `${M}/${id}/esg`, { fuelType: 0 })).body).toMatchObject({
			fuelConsumptionRate: 14.2,
			fuelType: 0,
		});
	});

	it('PUT, PATCH, ESG and DELETE answer the same 404 for a missing machine and one outside the caller’s company', async () => {
		for (const [method, suffix, body] of [
			['PUT', '', { companyId: parent, machineNumber: 'Q' }],
			['PATCH', '', { name: 'q' }],
			['PATCH', '/esg', { fuelType: 1 }],
			['DELETE', '', undefined],
			['GET', '', undefined],
		] as const) {
			const foreign = await call(method, `${M}/${DEMO_MACHINES.otherCompany}${suffix}`, body);
			const missing = await call(method, `${M}/does-not-exist${suffix}`, body);
			expect([foreign.status, missing.status]).toEqual([404, 404]);
			const shape = (b: unknown) => JSON.stringify(b).replace(/'[^']*'/g, "'?'");
			expect(shape(foreign.body)).toBe(shape(missing.body));
		}
		expect(
			emu.ctx.sections.machines.all().find((m) => m.id === DEMO_MACHINES.otherCompany)?.name,
		).toBe('Not yours');
	});

	it('scopes by company: 403 to create in another company, a subsidiary client does not see the parent, the parent sees the subsidiary', async () => {
		const foreign = await call('POST', M, {
			companyId: DEMO.companies.other,
			machineNumber: 'F-1',
		});
		expect(foreign.status).toBe(403);
		expect(fieldsOf(foreign.body)).toEqual(['companyId']);
		const unknown = await call('POST', M, { companyId: 'no-company', machineNumber: 'F-2' });
		expect([unknown.status, fieldsOf(unknown.body)]).toEqual([400, ['companyId']]);
		expect(
			(await call('GET', `${M}/${DEMO_MACHINES.excavator}`, undefined, DEMO.clients.subsidiary))
				.status,
		).toBe(404);
		const subMachine = (
			await call(
				'POST',
				M,
				{ companyId: DEMO.companies.subsidiary, machineNumber: 'S-1' },
				DEMO.clients.subsidiary,
			)
		).body as Json;
		expect((await call('GET', `${M}/${subMachine.id as string}`)).status).toBe(200);
		const list = (await call('GET', M, undefined, DEMO.clients.other)).body as Json[];
		expect(list.map((m) => m.machineNumber)).toEqual(['M-100']);
		expect(list[0].id).toBe(DEMO_MACHINES.otherCompany);
	});

	it('create/array processes each machine on its own: earlier ones stay saved when a later one fails', async () => {
		const n1 = number('A');
		const n2 = number('A');
		const res = await call('POST', `${M}/create/array`, [
			{ companyId: parent, machineNumber: n1, typeId: 'TRUCK' },
			{ companyId: parent, machineNumber: n1 },
			{ companyId: parent, machineNumber: n2, typeId: 'ROCKET' },
			{ machineNumber: number('A') },
			{ companyId: parent, machineNumber: n2, isEquipment: true, typeId: 'ROCKET' },
		]);
		expect(res.status).toBe(200);
		const results = res.body as Array<{
			index: number;
			success: boolean;
			machine?: Json;
			status?: number;
			errors?: ErrorBody['errors'];
		}>;
		expect(
			results.map((r) => [
				r.index,
				r.success,
				r.status ?? null,
				(r.errors ?? []).map((e) => e.code),
			]),
		).toEqual([
			[0, true, null, []],
			[1, false, 400, ['MachineService.machineNumberNotUnique']],
			[2, false, 400, ['MachineService.machineTypeInvalid']],
			[3, false, 400, ['ValidationError']],
			[4, true, null, []],
		]);
		expect(results[0].machine).toMatchObject({ machineNumber: n1, typeId: 'TRUCK' });
		const stored = emu.ctx.sections.machines
			.all()
			.filter((m) => m.machineNumber === n1 || m.machineNumber === n2);
		expect(stored.map((m) => m.isEquipment).sort()).toEqual([false, true]);
		const notArray = await call('POST', `${M}/create/array`, {
			companyId: parent,
			machineNumber: 'X',
		});
		expect(notArray.status).toBe(400);
	});

	it('update/array replaces each machine by its id, item by item', async () => {
		const a = (await create({ name: 'a', department: 'x' })).body as Json;
		const res = await call('PUT', `${M}/update/array`, [
			{ id: a.id, companyId: parent, machineNumber: a.machineNumber, name: 'a2' },
			{ companyId: parent, machineNumber: 'no-id' },
			{ id: DEMO_MACHINES.otherCompany, companyId: parent, machineNumber: 'theirs' },
		]);
		expect(res.status).toBe(200);
		const results = res.body as Array<{
			index: number;
			success: boolean;
			machine?: Json;
			status?: number;
			errors?: ErrorBody['errors'];
		}>;
		expect(results[0]).toMatchObject({
			index: 0,
			success: true,
			machine: { id: a.id, name: 'a2', department: null },
		});
		expect(results[1]).toMatchObject({
			index: 1,
			success: false,
			status: 400,
			errors: [{ field: 'id' }],
		});
		expect(results[2]).toMatchObject({
			index: 2,
			success: false,
			status: 404,
			errors: [{ field: 'id', code: 'NotFound' }],
		});
	});

	it('is-machine-deletable answers true or false; DELETE refuses a machine that is not deletable and answers 204 otherwise', async () => {
		const deletable = await call('GET', `${M}/is-machine-deletable/${DEMO_MACHINES.excavator}`);
		expect(deletable).toEqual({ status: 200, body: false });
		expect((await call('GET', `${M}/is-machine-deletable/${DEMO_MACHINES.truck}`)).body).toBe(
			false,
		);
		const refused = await call('DELETE', `${M}/${DEMO_MACHINES.truck}`);
		expect(refused.status).toBe(400);
		expect((refused.body as ErrorBody).errors[0]).toMatchObject({
			code: 'MachineService.machineNotDeletable',
			field: 'id',
		});
		const fresh = ((await create()).body as Json).id as string;
		expect((await call('GET', `${M}/is-machine-deletable/${fresh}`)).body).toBe(true);
		expect((await call('DELETE', `${M}/${fresh}`)).status).toBe(204);
		expect((await call('GET', `${M}/${fresh}`)).status).toBe(404);
		expect((await call('GET', `${M}/is-machine-deletable/${fresh}`)).status).toBe(404);
	});

	it('keeps an encoded id inside its segment', async () => {
		const res = await call('GET', `${M}/${encodeURIComponent('by-machine-number/M-100')}`);
		expect(res.status).toBe(404);
		expect((res.body as ErrorBody).errors[0].message).toContain("'by-machine-number/M-100'");
	});
});
