import { executeNode, jsonOf } from '../../harness/execute';
import { callsOf, DEMO, useEmulator } from '../../support/emulatorFixture';

const create = (
	fields: Record<string, unknown> = {},
	additionalFields: Record<string, unknown> = {},
) => ({
	resource: 'project',
	operation: 'create',
	companyId: DEMO.companies.parent,
	projectNumber: 'P-9001',
	additionalFields,
	...fields,
});

describe('Project > Create', () => {
	const fx = useEmulator();

	it('posts the typed fields and returns the created project', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: create(
				{},
				{
					name: 'Tunnel lighting',
					active: true,
					workBreakLunchStartTime: '11:30',
					estimatedHourQty: 120.5,
					startDate: '2026-05-01T07:00:00.000Z',
				},
			),
		});
		expect(result.error).toBeUndefined();
		const [project] = jsonOf(result);
		expect(project).toMatchObject({
			companyId: DEMO.companies.parent,
			projectNumber: 'P-9001',
			name: 'Tunnel lighting',
			active: true,
		});
		expect(typeof project.id).toBe('string');
		const [post] = fx.apiRequests();
		expect(callsOf(fx)).toEqual(['POST /api/v4/integration/projects 201']);
		expect(post.body).toEqual({
			companyId: DEMO.companies.parent,
			projectNumber: 'P-9001',
			name: 'Tunnel lighting',
			active: true,
			workBreakLunchStartTime: '11:30',
			estimatedHourQty: 120.5,
			startDate: '2026-05-01T07:00:00.000Z',
		});
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('links an existing customer by number, or creates one named from projectCustomerName', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: create(
				{ projectNumber: 'P-9002' },
				{ customerNumber: 'C-777', projectCustomerName: 'Bymiljøetaten' },
			),
		});
		const [project] = jsonOf(result);
		expect(project.customerNumber).toBe('C-777');
		const customers = fx.emulator.ctx.sections.projects.customersOf(DEMO.companies.parent);
		expect(customers.find((c) => c.customerNumber === 'C-777')).toMatchObject({
			name: 'Bymiljøetaten',
		});
	});

	it('answers a duplicate project number with the existing project', async () => {
		const existing = fx.emulator.ctx.sections.projects.list(DEMO.companies.parent)[0];
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: create({ projectNumber: existing.projectNumber }),
		});
		expect(jsonOf(result)[0].id).toBe(existing.id);
		expect(fx.apiRequests()[0].status).toBe(200);
	});

	it('creates one project per input item, each paired with its item', async () => {
		const items = ['P-9101', 'P-9102', 'P-9103'].map((projectNumber) => ({
			json: { projectNumber },
		}));
		const result = await executeNode({
			credentials: fx.credentials,
			items,
			parameters: create({ projectNumber: '={{ $json.projectNumber }}' }),
		});
		expect(jsonOf(result).map((p) => p.projectNumber)).toEqual(['P-9101', 'P-9102', 'P-9103']);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(fx.tokenRequests()).toHaveLength(1);
	});

	it('refuses a break time that is not HH:mm before calling, naming the field', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: create({}, { workBreakLunchStartTime: '11.30' }),
		});
		expect(result.error?.message).toBe('Lunch Break Start Time must be a time in the format HH:mm');
		expect(result.error?.description).toContain('11.30');
		expect(fx.apiRequests()).toHaveLength(0);
	});

	it('shows the field and message of a 400 from the service', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: create({}, { mainForemanId: 'Nobody Atall' }),
		});
		expect(result.error?.message).toContain('HTTP 400');
		expect(result.error?.message).toContain("mainForemanId: No user matches 'Nobody Atall'");
		expect((result.error as { httpCode?: string }).httpCode).toBe('400');
	});

	it('answers 403 for a company outside the caller structure', async () => {
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: create({ companyId: DEMO.companies.other }),
		});
		expect(result.error?.message).toContain('HTTP 403');
		expect(result.error?.description).toContain('no access');
	});

	it('honours Continue On Fail: the failed item carries the error, the others succeed', async () => {
		const items = [{ json: { t: '10:00' } }, { json: { t: '25:00' } }, { json: { t: '12:15' } }];
		const result = await executeNode({
			credentials: fx.credentials,
			items,
			continueOnFail: true,
			parameters: create(
				{ projectNumber: '=P-COF-{{ $itemIndex }}' },
				{ workBreakLunchStartTime: '={{ $json.t }}' },
			),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json.projectNumber).toBe('P-COF-0');
		expect(
			String((result.items[1].json as { error?: unknown }).error ?? result.items[1].error?.message),
		).toContain('HH:mm');
		expect(result.items[2].json.projectNumber).toBe('P-COF-2');
	});
});
