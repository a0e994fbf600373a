import { jsonOf, onlyItem } from '../../harness/execute';
import { callsOf, runOperation, useEmulator } from '../../support/emulatorFixture';
import { byNumber, PEOPLE } from '../../support/people';

describe('Employee > Update', () => {
	const fx = useEmulator();

	it('true PATCH: sends the set fields and explicit nulls for Fields to Clear, nothing else', async () => {
		const result = await runOperation(fx, 'employee', 'update', {
			employee: byNumber(PEOPLE.withHistory),
			updateFields: { workTitle: 'Tunnel foreman' },
			fieldsToClear: ['email', 'address'],
		});
		expect(onlyItem(result)).toEqual(
			expect.objectContaining({
				workTitle: 'Tunnel foreman',
				email: null,
				address: null,
				firstName: 'Per',
				phone: '+4791234569',
			}),
		);
		const [patch] = fx.apiRequests();
		expect(callsOf(fx)).toEqual([`PATCH /api/v5/integration/employees/${PEOPLE.withHistory} 200`]);
		expect(patch.body).toEqual({ workTitle: 'Tunnel foreman', email: null, address: null });
	});

	it('only clearing is an update too', async () => {
		const result = await runOperation(fx, 'employee', 'update', {
			employee: byNumber(PEOPLE.withHistory),
			updateFields: {},
			fieldsToClear: ['workTitle'],
		});
		expect(jsonOf(result)[0].workTitle).toBeNull();
		expect(fx.apiRequests()[0].body).toEqual({ workTitle: null });
	});

	it('a field both set and cleared is refused before sending', async () => {
		const result = await runOperation(fx, 'employee', 'update', {
			employee: byNumber(PEOPLE.withHistory),
			updateFields: { email: 'a@b.no' },
			fieldsToClear: ['email'],
		});
		expect(result.error?.message).toBe('Email is both set and cleared');
		expect(fx.apiRequests()).toEqual([]);
	});

	it('nothing to change is refused before sending', async () => {
		const result = await runOperation(fx, 'employee', 'update', {
			employee: byNumber(PEOPLE.withHistory),
			updateFields: {},
			fieldsToClear: [],
		});
		expect(result.error?.message).toBe('No fields to update');
		expect(fx.apiRequests()).toEqual([]);
	});
});
