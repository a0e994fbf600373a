import { jsonOf } from '../../harness/execute';
import { useEmulator, runOperation } from '../../support/emulatorFixture';
import { byNumber, enc, PEOPLE, person } from '../../support/people';

describe('User > Disable', () => {
	const fx = useEmulator();

	it('transition enabled -> disabled: PATCH .../disable/{companyProfileId}, 204 becomes a success item', async () => {
		const user = person(fx, PEOPLE.worker);
		const result = await runOperation(fx, 'user', 'disable', { user: byNumber(PEOPLE.worker) });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{ success: true, action: 'disabled', employeeNumber: PEOPLE.worker },
		]);
		const [lookup, patch] = fx.apiRequests();
		expect(lookup.path).toBe(`/api/v4/integration/users/by-employee-number/${PEOPLE.worker}`);
		expect(patch).toMatchObject({
			method: 'PATCH',
			path: `/api/v4/integration/users/disable/${enc(user.companyProfileId)}`,
			status: 204,
		});
		expect(user.isDisabled).toBe(true);
	});
});

describe('User > Disable (several items)', () => {
	const fx = useEmulator();

	it('disables one user per input item, each output paired with its item', async () => {
		const a = person(fx, PEOPLE.tagged);
		const b = person(fx, PEOPLE.awkward);
		const result = await runOperation(
			fx,
			'user',
			'disable',
			{ user: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			{ items: [{ json: { id: a.companyProfileId } }, { json: { id: b.companyProfileId } }] },
		);
		expect(result.items.map((i) => [i.json, i.pairedItem])).toEqual([
			[{ success: true, action: 'disabled', companyProfileId: a.companyProfileId }, { item: 0 }],
			[{ success: true, action: 'disabled', companyProfileId: b.companyProfileId }, { item: 1 }],
		]);
		expect(fx.apiRequests().map((r) => r.path)).toEqual([
			`/api/v4/integration/users/disable/${enc(a.companyProfileId)}`,
			`/api/v4/integration/users/disable/${enc(b.companyProfileId)}`,
		]);
		expect([a.isDisabled, b.isDisabled]).toEqual([true, true]);
	});
});
