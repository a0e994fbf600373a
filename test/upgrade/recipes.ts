import {
	NodeHelpers,
	type IDataObject,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';

import { Workforce } from '../../nodes/Workforce/Workforce.node';
import { WorkforceTrigger } from '../../nodes/WorkforceTrigger/WorkforceTrigger.node';
import { TOOL_CASES, type CaseState, type ToolCase } from '../support/toolCases';
import type { WorkDataChange } from './fixture';

/**
 * What the fixture generator saves: one workflow per operation of the node, made from the table
 * that already drives every operation in order (test/support/toolCases.ts: rows create what
 * later rows read, change and delete). A model's `$fromAI()` value becomes what a user types in
 * the editor, or an expression reading the previous node's item where it is an id the service
 * made up (a GUID differs per run; the replay hands the same item in).
 */
export interface NodeRecipe {
	case: ToolCase;
	/** Parameters (resource and operation included) and the item the node gets, for this run's state. */
	build(s: CaseState): { parameters: INodeParameters; item: INodeExecutionData };
}

const FROM_AI = /^=\{\{ \$fromAI\('([^']+)'/;
/** State keys that are ids the service generated (the rest of a row's arguments are typed in). */
const GENERATED = new Set([
	'projectId',
	'workOrderId',
	'fileReferenceId',
	'machineId',
	'identityId',
	'companyProfileId',
	'fileId',
]);

function fill(
	value: unknown,
	args: IDataObject,
	input: IDataObject,
	generated: Set<string>,
): unknown {
	if (typeof value === 'string') {
		const m = FROM_AI.exec(value);
		if (!m) return value;
		const key = m[1];
		if (generated.has(key)) {
			input[key] = args[key];
			return `={{ $json.${key} }}`;
		}
		return args[key];
	}
	if (Array.isArray(value)) return value.map((v) => fill(v, args, input, generated));
	if (value && typeof value === 'object')
		return Object.fromEntries(
			Object.entries(value).map(([k, v]) => [k, fill(v, args, input, generated)]),
		);
	return value;
}

/** In a workflow the upload gets its file from the previous node's binary data, not from a model. */
const UPLOAD_TEXT = 'Inspection passed: all 40 fittings lit.\n';

export const NODE_RECIPES: NodeRecipe[] = TOOL_CASES.map((c) => ({
	case: c,
	build(s) {
		const args = c.args(s);
		// An argument is generated when it is one of the ids earlier rows noted.
		const generated = new Set(
			Object.keys(args).filter(
				(k) => GENERATED.has(k) && Object.values(s).includes(args[k] as string),
			),
		);
		const input: IDataObject = {};
		let parameters = fill(c.parameters, args, input, generated) as INodeParameters;
		const item: INodeExecutionData = { json: input };
		if (c.resource === 'document' && c.operation === 'upload') {
			const { toolFileName: _n, toolFileContent: _c, ...rest } = parameters;
			parameters = { ...rest, binaryPropertyName: 'data' };
			item.binary = {
				data: {
					data: Buffer.from(UPLOAD_TEXT).toString('base64'),
					mimeType: 'text/plain',
					fileName: 'inspection.txt',
					fileExtension: 'txt',
				},
			};
		}
		return {
			parameters: editorStored({ resource: c.resource, operation: c.operation, ...parameters }),
			item,
		};
	},
}));

/**
 * The parameters as the editor saves them: n8n's own NodeHelpers.getNodeParameters with
 * returnDefaults off keeps only values that differ from the defaults and are shown.
 */
export function editorStored(parameters: INodeParameters, trigger = false): INodeParameters {
	const node = trigger ? new WorkforceTrigger() : new Workforce();
	const description = node.description;
	const typeVersion = Array.isArray(description.version)
		? (description.defaultVersion ?? Math.max(...description.version))
		: description.version;
	const stored = NodeHelpers.getNodeParameters(
		description.properties,
		parameters,
		false,
		false,
		{ typeVersion },
		description,
	);
	if (!stored) throw new Error('n8n kept no parameters');
	return stored;
}

export function nodeTypeVersion(trigger = false): number {
	const description = (trigger ? new WorkforceTrigger() : new Workforce()).description;
	return Array.isArray(description.version)
		? (description.defaultVersion ?? Math.max(...description.version))
		: description.version;
}

/**
 * The trigger's recipes: an active workflow polled a few times (history: changes between polls),
 * then saved; `after` are the changes made once it was saved, which the next poll must emit.
 * Moments are minutes after the fixture's savedAt (`+N`).
 */
export interface TriggerRecipe {
	event: string;
	parameters: INodeParameters;
	/** Polls: the changes before each poll (the first poll is n8n's activation). */
	polls: Array<Array<Omit<WorkDataChange, 'at'> & { minute: number }>>;
	after: Array<Omit<WorkDataChange, 'at'> & { minute: number }>;
}

/** Seeded registrations 0..39; the recipe adds 40, 41, ... in order. */
export const TRIGGER_RECIPES: TriggerRecipe[] = [
	{
		event: 'timeRegistration',
		parameters: { event: 'timeRegistration', options: { pageSize: 5 } },
		polls: [
			[],
			[
				{ minute: 2, op: 'add', hours: 1.5 },
				{ minute: 3, op: 'add', hours: 2 },
				{ minute: 3, op: 'change', index: 4, hours: 3.25 },
			],
			[
				{ minute: 6, op: 'add', hours: 4 },
				{ minute: 7, op: 'delete', index: 40 },
				{ minute: 7, op: 'change', index: 41, hours: 2.5 },
			],
		],
		after: [
			{ minute: 11, op: 'add', hours: 6 },
			{ minute: 12, op: 'change', index: 42, hours: 4.5 },
			{ minute: 12, op: 'delete', index: 5 },
		],
	},
	{
		event: 'payrollLine',
		parameters: {
			event: 'payrollLine',
			lineExportFilter: 'All',
			lineUserPayrollTypeFilter: 'AllUsers',
			options: { pageSize: 5 },
		},
		polls: [
			[],
			[
				{ minute: 2, op: 'add', hours: 1.5 },
				{ minute: 3, op: 'change', index: 4, hours: 3.25 },
			],
			[{ minute: 6, op: 'change', index: 7, hours: 2 }],
		],
		after: [
			{ minute: 11, op: 'change', index: 9, hours: 6 },
			{ minute: 12, op: 'change', index: 12, hours: 4.5 },
		],
	},
	{
		event: 'payrollExport',
		parameters: {
			event: 'payrollExport',
			workDateRangeDays: 20,
			exportFilters: { dataFilter: 10, userPayrollTypeFilter: 'all-users' },
		},
		polls: [
			[],
			[
				{ minute: 2, op: 'add', hours: 2 },
				{ minute: 3, op: 'add', hours: 3 },
			],
			[{ minute: 6, op: 'add', hours: 4 }],
		],
		after: [
			{ minute: 11, op: 'add', hours: 6 },
			{ minute: 12, op: 'change', index: 41, hours: 4.5 },
		],
	},
];
