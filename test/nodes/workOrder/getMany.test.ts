import { jsonOf } from '../../harness/execute';
import { DEMO, useEmulator, runOperation } from '../../support/emulatorFixture';
import { byId, byNumber } from '../../support/params';

describe('Work Order > Get Many', () => {
	const fx = useEmulator();

	it("lists the project's work orders", async () => {
		const p = fx.emulator.ctx.sections.projects.list(DEMO.companies.parent)[0];
		const result = await runOperation(fx, 'workOrder', 'getAll', {
			project: byId(p.id),
			returnAll: true,
		});
		expect(jsonOf(result).map((w) => w.externalId)).toEqual([
			`${p.projectNumber}-1`,
			`${p.projectNumber}-2`,
		]);
		expect(fx.apiRequests()[0]).toMatchObject({
			method: 'GET',
			path: `/api/v4/integration/tasks/project/${p.id}`,
		});
	});

	it('applies the limit and accepts a project number', async () => {
		const p = fx.emulator.ctx.sections.projects.list(DEMO.companies.parent)[1];
		const result = await runOperation(fx, 'workOrder', 'getAll', {
			project: byNumber(p.projectNumber),
			returnAll: false,
			limit: 1,
		});
		expect(result.items).toHaveLength(1);
	});

	it('answers 404 for a project of another company', async () => {
		const foreign = fx.emulator.ctx.sections.projects.list(DEMO.companies.other)[0];
		const result = await runOperation(fx, 'workOrder', 'getAll', {
			project: byId(foreign.id),
			returnAll: true,
		});
		expect(result.error?.message).toContain('HTTP 404');
	});
});
