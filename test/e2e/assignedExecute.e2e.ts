import { useE2e } from './support/e2e';

/**
 * The node as n8n's own loader serves it: n8n (its cli package, `shouldAssignExecuteMethod`)
 * assigns this declarative node an `execute` that runs its routing, and the node wraps it
 * (nodes/shared/n8nInternals/assignedExecute.ts) so that a tool object's direct call runs a
 * custom operation first. In a workflow the node behaves as before with it: routed operations
 * through n8n's routing, custom operations from `customOperations`, binary data stays binary,
 * nothing is cut, an error keeps its message and description apart. The tool object's direct
 * call is test/e2e/toolMode.e2e.ts. The in-process tests stand in for the loader
 * (test/harness/tools.ts, `asInN8n`); this file is what proves it against n8n's real code.
 */
describe("The node as n8n's loader serves it, in a workflow", () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	it('routed and custom operations, binary output and an error, as before', async () => {
		const run = await e2e.run('assignedExecute');

		// A routed operation goes through the routing n8n assigned: every project, one request.
		const projects = run.json('Projects');
		expect(projects.length).toBeGreaterThan(1);
		expect(projects.every((p) => typeof p.projectNumber === 'string')).toBe(true);

		// Return All of an extraction (a custom operation) reads everything, nothing cut.
		const registrations = run.json('Time Registrations');
		expect(registrations.length).toBeGreaterThan(200);
		expect(new Set(registrations.map((r) => r.id)).size).toBe(registrations.length);
		expect(registrations.some((r) => r.truncated !== undefined)).toBe(false);

		// A custom operation keeps its binary output, without tool metadata.
		const image = run.runData.Image?.[0]?.data?.main?.[0]?.[0];
		expect(image?.binary?.image).toMatchObject({
			fileName: expect.any(String),
			mimeType: expect.any(String),
		});
		expect(image?.json.files).toBeUndefined();

		// An error keeps its message and its description apart.
		expect(run.code).toBe(1);
		expect(run.error).toMatchObject({
			node: 'Limit Zero',
			message: 'Limit must be a whole number of at least 1, not 0',
			description: 'Set Limit to 1 or more, or turn on Return All.',
		});
		// Every page once, and nothing sent for the refused Limit.
		const pages = (await e2e.emulator.apiRequests()).filter(
			(r) => r.path === '/v1/time-registrations',
		);
		expect(pages.every((r) => r.status === 200)).toBe(true);
		expect(pages).toHaveLength(Math.ceil(registrations.length / 500));
	});
});
