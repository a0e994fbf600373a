import type { IDataObject } from 'n8n-workflow';

import { callTools, type ToolPath } from '../harness/tools';
import { useEmulator } from '../support/emulatorFixture';
import { ai } from '../support/toolCases';

/**
 * Errors a model can act on: which field, what to change. The MCP Server Trigger sends the error's
 * message and description; the AI Agent v3 only its message, so the fix must be in the message.
 */
describe.each<ToolPath>(['direct', 'engine'])('Tool errors as text (%s)', (via) => {
	const fx = useEmulator();

	async function errorText(
		parameters: Record<string, unknown>,
		args: IDataObject,
	): Promise<string> {
		const { outcomes } = await callTools({
			credentials: fx.credentials,
			via,
			tools: [{ name: 'T', parameters }],
			calls: [{ tool: 'T', args }],
		});
		expect(outcomes[0].isError).toBe(true);
		return outcomes[0].text;
	}

	it('a bad argument names the field and the fix, before any request', async () => {
		const text = await errorText(
			{
				resource: 'dataExtraction',
				operation: 'getTimeRegistrations',
				returnAll: false,
				limit: ai('limit', 'How many', 'number'),
			},
			{ limit: 0 },
		);
		expect(text).toContain(
			'Limit must be a whole number of at least 1, not 0. Set Limit to 1 or more, or turn on Return All.',
		);
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it("a record that does not exist: the service's answer and what to check", async () => {
		const text = await errorText(
			{
				resource: 'project',
				operation: 'get',
				project: { __rl: true, mode: 'id', value: ai('projectId', 'Project ID') },
			},
			{ projectId: 'no-such-project' },
		);
		expect(text).toContain('HTTP 404');
		// What was looked up and how, and the mode that fits (the text may be JSON, quotes escaped).
		expect(text).toMatch(/No project with ID \\*"no-such-project/);
		expect(text).toMatch(/to By Project Number/);
		// Said once: the service's sentence is not repeated from the description.
		expect(text.match(/was not found/g)).toHaveLength(1);
		expect(text).not.toContain('Details:');
		expect(fx.apiRequests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /api/v4/integration/projects/no-such-project 404',
		]);
	});

	it('a field the service refuses: its name and its rule', async () => {
		const text = await errorText(
			{
				resource: 'user',
				operation: 'create',
				companyId: ai('companyId', 'Company'),
				employeeNumber: '9901',
				firstName: 'A',
				lastName: 'B',
				mobileWork: ai('mobile', 'Mobile'),
				birthDate: '1990-01-01',
				employmentStartDate: '2026-01-01',
			},
			{ companyId: fx.emulator.ctx.companies.all()[0].id, mobile: '12345' },
		);
		expect(text).toMatch(/Mobile \(Work\)|mobileWork/);
		expect(text).toContain('+47');
	});

	it('an upload without content says what to give', async () => {
		const text = await errorText(
			{
				resource: 'document',
				operation: 'upload',
				parent: 'project',
				project: { __rl: true, mode: 'projectNumber', value: 'P-1001' },
				toolFileName: ai('fileName', 'Name'),
				toolFileContent: ai('content', 'Text'),
			},
			{ fileName: 'note.txt', content: '' },
		);
		expect(text).toContain('File Content is empty. Give the text of the document');
	});
});
