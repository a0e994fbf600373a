import { executeNode } from '../../harness/execute';
import { pollTrigger } from '../../support/armedTrigger';
import { DEMO, useEmulator } from '../../support/emulatorFixture';

/**
 * Payroll lines need an API client with Administrator access (behaviour notes; the emulator
 * answers 403 AdministratorRequired otherwise): the error says which role the credential's client needs.
 */
describe('Payroll lines need the Administrator role', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 200 } });

	it.each([
		['getPayrollLines', '/v1/payroll-lines'],
		['getPayrollLinesExtended', '/v1/payroll-lines-extended'],
	])(
		'Data Extraction > %s with a client lacking it: 403 naming the role and who can grant it, nothing output',
		async (operation, path) => {
			fx.useClient(DEMO.clients.nonAdmin);
			const result = await executeNode({
				credentials: fx.credentials,
				parameters: { resource: 'dataExtraction', operation, returnAll: true },
			});
			expect(result.items).toHaveLength(0);
			expect(result.error?.message).toMatch(/HTTP 403/);
			expect(result.error?.message).toContain('requires an API client with Administrator access');
			expect(result.error?.message).toContain('[AdministratorRequired]');
			const description = (result.error as { description?: string }).description ?? '';
			expect(description).toContain("The credential's API client lacks the Administrator role");
			expect(description).toContain('Ask a company administrator');
			// Not the generic 403 advice about company access, which would send the user the wrong way.
			expect(description).not.toContain('has no access to this project or company');
			expect(fx.apiRequests().map((r) => [r.path, r.status])).toEqual([[path, 403]]);
		},
	);

	it('the same client reads time registrations, and an Administrator client reads payroll lines', async () => {
		fx.useClient(DEMO.clients.nonAdmin);
		const registrations = await executeNode({
			credentials: fx.credentials,
			parameters: {
				resource: 'dataExtraction',
				operation: 'getTimeRegistrations',
				returnAll: false,
				limit: 3,
			},
		});
		expect(registrations.error).toBeUndefined();
		fx.useClient(DEMO.clients.admin);
		const lines = await executeNode({
			credentials: fx.credentials,
			parameters: {
				resource: 'dataExtraction',
				operation: 'getPayrollLines',
				returnAll: false,
				limit: 3,
			},
		});
		expect(lines.error).toBeUndefined();
	});

	it('Workforce Trigger > Payroll Line Changed with a client lacking it: the poll fails with the role advice', async () => {
		fx.useClient(DEMO.clients.nonAdmin);
		const trigger = pollTrigger(fx, { event: 'payrollLine' });
		// The first poll may only note where to start; the first one that reads lines must fail.
		let tick = await trigger.tick();
		if (!tick.error) tick = await trigger.tick();
		expect(tick.error?.message).toContain('Administrator access');
		expect(
			`${tick.error?.message} ${(tick.error as { description?: string }).description ?? ''}`,
		).toContain("The credential's API client lacks the Administrator role");
	});
});
