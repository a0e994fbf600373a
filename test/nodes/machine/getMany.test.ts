import { jsonOf } from '../../harness/execute';
import { callsOf, DEMO, runOperation, useEmulator } from '../../support/emulatorFixture';

describe('Machine > Get Many', () => {
	const fx = useEmulator();

	it("returns all of the company's machines and equipment, and no other company's", async () => {
		const result = await runOperation(fx, 'machine', 'getAll', { returnAll: true });
		expect(result.error).toBeUndefined();
		const machines = jsonOf(result);
		expect(machines.map((m) => m.machineNumber).sort()).toEqual([
			'E-10',
			'E-20',
			'M-100',
			'M-200',
			'M-300',
		]);
		expect(machines.every((m) => m.companyId === DEMO.companies.parent)).toBe(true);
		expect(callsOf(fx)).toEqual(['GET /api/v4/integration/machines 200']);
	});

	it('applies the limit and sends includeEquipmentDetails', async () => {
		const result = await runOperation(fx, 'machine', 'getAll', {
			returnAll: false,
			limit: 1,
			includeEquipmentDetails: true,
		});
		expect(result.error).toBeUndefined();
		const machines = jsonOf(result);
		expect(machines).toHaveLength(1);
		expect(machines[0]).toMatchObject({ machineNumber: 'M-100' });
		expect(machines[0].equipment).toHaveLength(2);
		expect(fx.apiRequests()[0]).toMatchObject({ query: { includeEquipmentDetails: ['true'] } });
	});
});
