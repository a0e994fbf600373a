import { jsonOf } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';

describe('Project > Get Many', () => {
	const fx = useEmulator({ seed: { projects: 3 } });

	it('returns every project of the company with Return All', async () => {
		const result = await runOperation(fx, 'project', 'getAll', { returnAll: true });
		const expected = fx.emulator.ctx.sections.projects.list(DEMO.companies.parent).map((p) => p.id);
		expect(jsonOf(result).map((p) => p.id)).toEqual(expected);
		expect(jsonOf(result).every((p) => p.companyId === DEMO.companies.parent)).toBe(true);
		expect(fx.apiRequests()[0]).toMatchObject({
			method: 'GET',
			path: '/api/v4/integration/projects',
			search: '',
		});
	});

	it('stops at the limit', async () => {
		const result = await runOperation(fx, 'project', 'getAll', { returnAll: false, limit: 2 });
		expect(result.items).toHaveLength(2);
	});
});
