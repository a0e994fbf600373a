import { startEmulator, type Emulator } from '.';
import { call, tokenFor } from '../support/http';

describe('emulator: control of time registrations (POST /__control/work-data/time-registrations)', () => {
	let emu: Emulator;
	let token: string;
	beforeAll(async () => {
		emu = await startEmulator({ workData: { timeRegistrations: 50 } });
		token = await tokenFor(emu);
	});
	afterAll(async () => emu.close());
	const control = (body: unknown) =>
		call('POST', `${emu.urls.control}/work-data/time-registrations`, { body });
	const incremental = async (since: string) => {
		const res = await call(
			'GET',
			`${emu.urls.extraction}/v1/time-registrations?ModifiedSince=${encodeURIComponent(since)}`,
			{ token },
		);
		expect(res.status).toBe(200);
		return (
			(res.body as { data?: Array<Record<string, unknown>> }).data ??
			(res.body as Array<Record<string, unknown>>)
		);
	};

	it('adds, changes and deletes; the extraction API shows each change in incremental mode', async () => {
		const since = emu.ctx.clock.nowIso();
		emu.ctx.clock.advance(1000);
		const added = await control({ action: 'add', hours: 3, description: 'From outside' });
		expect(added.status).toBe(201);
		const [newId] = (added.body as { ids: string[] }).ids;
		const changed = await control({
			action: 'change',
			indexes: [2],
			patch: { description: 'Corrected' },
		});
		expect(changed.status).toBe(200);
		const [changedId] = (changed.body as { ids: string[] }).ids;
		expect(changedId).toBe(emu.ctx.sections.workData.data.timeRegistrationId(2));
		expect(
			(
				await control({
					action: 'delete',
					id: emu.ctx.sections.workData.data.timeRegistrationId(3),
				})
			).status,
		).toBe(200);

		const records = await incremental(since);
		const byId = new Map(records.map((r) => [r.id, r]));
		expect(byId.get(newId)).toMatchObject({ description: 'From outside', isDeleted: false });
		expect(byId.get(changedId)).toMatchObject({ description: 'Corrected', isDeleted: false });
		expect(byId.get(emu.ctx.sections.workData.data.timeRegistrationId(3))).toMatchObject({
			isDeleted: true,
		});
		expect(records).toHaveLength(3);
	});

	it('refuses an unknown action or id, naming the field', async () => {
		const bad = await control({ action: 'rename' });
		expect(bad.status).toBe(400);
		expect(JSON.stringify(bad.body)).toContain('action');
		const missing = await control({ action: 'delete', id: 'tr-does-not-exist' });
		expect(missing.status).toBe(400);
		expect(JSON.stringify(missing.body)).toContain('No time registration tr-does-not-exist');
	});
});
