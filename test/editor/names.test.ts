import {
	Workflow,
	type INode,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import {
	CALENDAR_DAY_HINT,
	DAY_OR_ZONED_INSTANT_HINT,
	INSTANT_HINT,
	WORK_DATE_HINT,
	ZONED_INSTANT_HINT,
} from '../../nodes/shared/dateHints';
import {
	TYPED_DAY_DESCRIPTION,
	TYPED_DAY_HINT,
} from '../../nodes/Workforce/resources/payrollExport/typedDay';
import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { WorkforceTrigger } from '../../nodes/WorkforceTrigger/WorkforceTrigger.node';
import { PACKAGE, PackageNodeTypes } from '../harness/nodeTypes';
import { payrollWorkDateFields } from '../support/workDateFields';

/**
 * What the editor shows: the canvas subtitle, evaluated by n8n's own expression code as the editor
 * does (getSimpleParameterValue over the node's parameters), resource and action names. The stored
 * parameter values are pinned: renaming what users see must never change what saved workflows hold.
 */
const node = new Workforce().description;
const trigger = new WorkforceTrigger().description;

const options = (p: INodeProperties | undefined) => (p?.options ?? []) as INodePropertyOptions[];
const resources = options(node.properties.find((p) => p.name === 'resource'));
const events = options(trigger.properties.find((p) => p.name === 'event'));
// A resource with a selector per node version (Data Extraction) lists an operation in each: once here.
const operations = resources.flatMap((r) => {
	const seen = new Set<unknown>();
	return node.properties
		.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(r.value))
		.flatMap((p) => options(p).map((op) => ({ resource: r, op })))
		.filter(({ op }) => !seen.has(op.value) && seen.add(op.value));
});

function subtitleOf(type: string, parameters: Record<string, string>): unknown {
	const workflowNode: INode = {
		id: 'n',
		name: 'Node',
		type: `${PACKAGE}.${type}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({
		nodes: [workflowNode],
		connections: {},
		active: false,
		nodeTypes: new PackageNodeTypes(),
	});
	const description = type === 'workforce' ? node : trigger;
	return workflow.expression.getSimpleParameterValue(
		workflowNode,
		description.subtitle!,
		'internal',
		{},
	);
}

describe('editor names', () => {
	it('keeps every stored resource, operation and event value (saved workflows keep running)', () => {
		expect(operations.map(({ resource, op }) => `${resource.value}:${op.value}`).sort()).toEqual([
			...['dataExtraction:getImages', 'dataExtraction:getPayrollLines'],
			...['dataExtraction:getPayrollLinesExtended', 'dataExtraction:getRecords'],
			...['dataExtraction:getTimeRegistrations', 'dataExtraction:planWindows'],
			...['document:delete', 'document:download'],
			...['document:getAll', 'document:upload', 'employee:changeEmployeeNumber'],
			...['employee:changePhoneNumber', 'employee:create', 'employee:createEmployment'],
			...['employee:delete', 'employee:disable', 'employee:disableInProjectCompany'],
			...['employee:enable', 'employee:enableInProjectCompany', 'employee:endEmployment'],
			...['employee:get', 'employee:getAll', 'employee:isDeletable', 'employee:replace'],
			...[
				'employee:replaceTags',
				'employee:search',
				'employee:update',
				'employee:updateEmployment',
			],
			...['file:download', 'machine:create', 'machine:createMany', 'machine:delete', 'machine:get'],
			...['machine:getAll', 'machine:getByMachineNumber', 'machine:isDeletable', 'machine:replace'],
			...['machine:replaceMany', 'machine:update', 'machine:updateEsg', 'machineType:getAll'],
			...['payrollExport:get', 'payrollExport:getFile', 'payrollExport:getSummaryLines'],
			...['project:create', 'project:delete', 'project:get', 'project:getAll', 'project:replace'],
			...['project:update', 'user:create', 'user:delete', 'user:disable', 'user:enable'],
			...['user:getAll', 'user:getByEmployeeNumber', 'user:getByProfileId', 'user:isDeletable'],
			...['user:replace', 'user:update', 'workOrder:create', 'workOrder:getAll'],
		]);
		expect(options(trigger.properties.find((p) => p.name === 'event')).map((o) => o.value)).toEqual(
			['image', 'payrollExport', 'payrollLine', 'otherEndpoint', 'timeRegistration'],
		);
	});

	// One rule for the canvas: "Resource: Operation", for every operation of every resource.
	it.each(operations.map(({ resource, op }) => [`${resource.name}: ${op.name}`, resource, op]))(
		'the subtitle of %s is "Resource: Operation"',
		(expected, resource, op) => {
			expect(
				subtitleOf('workforce', { resource: String(resource.value), operation: String(op.value) }),
			).toBe(expected);
		},
	);

	it('an operation n8n adds itself shows its value rather than nothing', () => {
		expect(subtitleOf('workforce', { resource: 'project', operation: '__CUSTOM_API_CALL__' })).toBe(
			'__CUSTOM_API_CALL__',
		);
	});

	it.each(events.map((e) => [e.name, e]))(
		'the trigger event %s is its subtitle and has an action that keeps its punctuation',
		(name, event) => {
			expect(subtitleOf('workforceTrigger', { event: String(event.value) })).toBe(name);
			// n8n's node panel shows `action` as written, else "On " + the name in lower case with
			// its punctuation dropped ("On records changed other endpoint").
			const fallback = `On ${name.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, '')}`;
			expect(event.action).toMatch(/^On [a-z]/);
			expect(event.action).not.toBe(fallback);
		},
	);

	it('every action of the node and of the trigger is distinct', () => {
		const actions = [...operations.map(({ op }) => op.action), ...events.map((e) => e.action)];
		expect(new Set(actions).size).toBe(actions.length);
	});

	it('payroll actions are short and tell the import lines from the extraction lines apart', () => {
		// n8n names a new node after its action, and the canvas cuts long names (issue 44).
		const payroll = operations.filter(
			({ resource, op }) => resource.value === 'payrollExport' || /payroll/i.test(op.action ?? ''),
		);
		const action = (resource: string, value: string) =>
			payroll.find((o) => o.resource.value === resource && o.op.value === value)!.op.action!;
		expect(payroll.map(({ op }) => op.action).sort()).toEqual([
			'Get daily payroll summaries',
			'Get payroll file',
			'Get payroll lines to import',
			'Get raw payroll and overtime lines',
			'Get raw payroll lines in bulk',
		]);
		for (const { op } of payroll)
			expect([op.action, op.action!.length <= 34]).toEqual([op.action, true]);
		// The search for "payroll lines" lists both kinds: the words say which one is the import.
		expect(action('payrollExport', 'getSummaryLines')).toMatch(/import/);
		for (const value of ['getPayrollLines', 'getPayrollLinesExtended'])
			expect(action('dataExtraction', value)).toMatch(/^Get raw payroll (?!.*import)/);
		// The operation names differ beyond their verb, so the operation list tells them apart too.
		const names = payroll.map((o) => o.op.name);
		expect(names.filter((n) => n === 'Get')).toEqual([]);
	});

	it("Partition By lists None first and says where partitions are cut, true to n8n's zone rule", () => {
		const partitionBy = node.properties
			.filter(
				(p) => p.name === 'options' && p.displayOptions?.show?.resource?.includes('dataExtraction'),
			)
			.flatMap((p) => p.options as INodeProperties[])
			.filter((p) => p.name === 'partitionBy');
		expect(partitionBy.length).toBeGreaterThanOrEqual(4);
		for (const p of partitionBy) {
			// The values saved workflows hold never change; the order and the words may.
			expect(options(p).map((o) => o.value)).toEqual(['none', 'day', 'week', 'month', 'parts']);
			expect(options(p).map((o) => o.name)).toEqual([
				'None',
				'Day',
				'Week',
				'Month',
				'Equal Parts',
			]);
			// From/To Date Time are read in n8n's zone; the cuts are at UTC midnights and say so.
			expect(p.description).toMatch(/From\/To Date Time, read in n8n's time zone/);
			for (const o of options(p).slice(1, 4))
				expect(o.description).toMatch(/cut at .*midnight UTC/);
			expect(JSON.stringify(p)).not.toMatch(/UTC day|00:00 UTC|\(UTC\)/);
		}
	});

	it('the approval filter has one name in Payroll Export, Data Extraction and the trigger; its parameters keep theirs', () => {
		const all = (list: INodeProperties[]): INodeProperties[] =>
			list.flatMap((p) => [
				p,
				...all((p.options ?? []).filter((o) => 'type' in o) as INodeProperties[]),
			]);
		const filters = [...all(node.properties), ...all(trigger.properties)].filter((p) =>
			['dataFilter', 'lineExportFilter'].includes(p.name),
		);
		expect(new Set(filters.map((p) => p.name))).toEqual(
			new Set(['dataFilter', 'lineExportFilter']),
		);
		expect([...new Set(filters.map((p) => p.displayName))]).toEqual(['Export Filter']);
	});

	it('resource names carry no API version and are unique; the two people APIs say which is which', () => {
		const names = resources.map((r) => r.name);
		expect(names.filter((n) => /\(v\d+\)/i.test(n))).toEqual([]);
		expect(new Set(names).size).toBe(names.length);
		const employee = resources.find((r) => r.value === 'employee')!;
		const user = resources.find((r) => r.value === 'user')!;
		expect(employee.description).toMatch(/v5/);
		expect(user.description).toMatch(/v4/);
	});

	it.each(operations.map(({ resource, op }) => [`${resource.name}: ${op.name}`, op]))(
		'the action of %s starts with its operation verb',
		(_label, op) => {
			expect(op.action).toBeTruthy();
			const verb = op.name.split(' ')[0].toLowerCase();
			// "Is Deletable" reads as a question; its action says "Check whether ... can be deleted".
			if (verb === 'is') expect(op.action).toMatch(/^Check whether .* can be deleted$/);
			else expect(op.action!.split(' ')[0].toLowerCase()).toBe(verb);
		},
	);

	it('extraction actions say what they return', () => {
		const action = (resource: string, value: string) =>
			operations.find((o) => o.resource.value === resource && o.op.value === value)!.op.action;
		expect(action('dataExtraction', 'getPayrollLinesExtended')).toMatch(/overtime lines/);
		expect(action('dataExtraction', 'getRecords')).not.toMatch(/many/);
	});

	it('search shows one description for the merged node and trigger, naming pushes, pulls and events', () => {
		// n8n's node creator merges "X" and "X Trigger" and shows the trigger's description.
		expect(trigger.description).toBe(node.description);
		expect(node.description).toMatch(/^Push .* into Workforce; pull .* out; start a workflow when/);
	});

	it('work dates say they are calendar days (yyyy-MM-dd); instants say UTC and how to give a local time', () => {
		// Fields inside collections (options) and fixed collections (values) too.
		const fields = (list: INodeProperties[]): INodeProperties[] =>
			list.flatMap((p) => [
				p,
				...fields(
					(p.options ?? []).flatMap((o) =>
						'type' in o ? [o] : 'values' in o ? o.values : [],
					) as INodeProperties[],
				),
			]);
		const dates = [...fields(node.properties), ...fields(trigger.properties)].filter(
			(p) => p.type === 'dateTime',
		);
		const hintOf = (p: INodeProperties) =>
			/WorkDate$|^modifiedSinceDate$/.test(p.name)
				? WORK_DATE_HINT
				: /^(from|to)DateTime$|^modified(Since|Before)$/.test(p.name)
					? INSTANT_HINT
					: /^(startDate|changedSince)$/.test(p.name) && /moment/.test(p.description ?? '')
						? ZONED_INSTANT_HINT
						: undefined;
		const hinted = dates.filter((p) => hintOf(p) !== undefined);
		expect(hinted.length).toBeGreaterThanOrEqual(15);
		for (const p of hinted) expect(`${p.name}: ${p.description}`).toContain(hintOf(p));
		// Every date field says which kind of date it is: employee dates are calendar days (sent as
		// yyyy-MM-dd), project and machine dates are passed on as written.
		const hints = [CALENDAR_DAY_HINT, INSTANT_HINT, ZONED_INSTANT_HINT, DAY_OR_ZONED_INSTANT_HINT];
		for (const p of dates)
			expect([p.name, hints.some((h) => p.description?.includes(h))]).toEqual([p.name, true]);
		const kindOf = (name: string) =>
			dates
				.filter((p) => p.name === name)
				.map((p) => hints.find((h) => p.description!.includes(h)));
		for (const name of [
			'birthDate',
			'workCardExpirationDate',
			'employmentStartDate',
			'endDate',
			'applicableFromDate',
			'applicableToDate',
		])
			expect([name, ...kindOf(name)]).toEqual([name, ...kindOf(name).map(() => CALENDAR_DAY_HINT)]);
		for (const name of ['finishedDate', 'finishedDatePlanned', 'purchasedDate', 'serviceDate'])
			expect([name, ...kindOf(name)]).toEqual([
				name,
				...kindOf(name).map(() => DAY_OR_ZONED_INSTANT_HINT),
			]);
		expect(kindOf('applicableFromDate').length).toBeGreaterThan(0);
		// Start Date: an employment's first day, a project's start, the trigger's first poll.
		expect([...new Set(kindOf('startDate'))].sort()).toEqual(
			[CALENDAR_DAY_HINT, DAY_OR_ZONED_INSTANT_HINT, ZONED_INSTANT_HINT].sort(),
		);
		expect(WORK_DATE_HINT).toMatch(/calendar day, yyyy-MM-dd/);
	});

	it("version 2's work dates are text fields (not n8n's date picker) that say the two forms they read", () => {
		// Issue 44: the picker drops a day typed alone, keeps a stale date and sets now on OK.
		const workDates = payrollWorkDateFields(2);
		// From and To Work Date of Get, Get Import Lines and Get File, and each one's Modified Since Date.
		expect(workDates).toHaveLength(9);
		for (const p of workDates) {
			expect([p.name, p.type]).toEqual([p.name, 'string']);
			expect(p.description).toContain(TYPED_DAY_DESCRIPTION);
			expect(p.placeholder).toMatch(/^e\.g\. 2026-10-\d\d$/);
			if (p.name !== 'modifiedSinceDate') expect(p.hint).toBe(TYPED_DAY_HINT);
		}
		expect(TYPED_DAY_DESCRIPTION).toMatch(
			/2026-10-01 \(yyyy-MM-dd\) or 01\.10\.2026 \(dd\.MM\.yyyy\)/,
		);
		expect(INSTANT_HINT).toMatch(/UTC/);
		expect(INSTANT_HINT).toMatch(/\+02:00/);
	});
});
