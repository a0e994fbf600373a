import { DEMO_MACHINES } from '../../emulator/seed/machines';
import { runListSearch } from '../../harness/nodeMethods';
import { useEmulator } from '../../support/emulatorFixture';

describe('Machine locator > From List (searchMachines)', () => {
	const fx = useEmulator();

	it('lists machines and equipment, active first, filtered by number or name', async () => {
		const all = await runListSearch('searchMachines', fx.credentials, {
			resource: 'machine',
			operation: 'get',
		});
		expect(all.results).toEqual([
			{ name: 'E-10 · Digging bucket 1.2 m3 (equipment)', value: DEMO_MACHINES.bucket },
			{ name: 'E-20 · Hydraulic breaker (equipment)', value: DEMO_MACHINES.breaker },
			{ name: 'M-100 · Excavator CAT 320', value: DEMO_MACHINES.excavator },
			{ name: 'M-200 · Wheel loader Volvo L90', value: DEMO_MACHINES.wheelLoader },
			{ name: 'M-300 · Truck Scania R500', value: DEMO_MACHINES.truck },
		]);
		const loader = await runListSearch(
			'searchMachines',
			fx.credentials,
			{ resource: 'machine', operation: 'get' },
			'volvo',
		);
		expect(loader.results).toEqual([
			{ name: 'M-200 · Wheel loader Volvo L90', value: DEMO_MACHINES.wheelLoader },
		]);
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v4/integration/machines 200',
			'GET /api/v4/integration/machines 200',
		]);
	});
});
