import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { Workforce } from '../../nodes/Workforce/Workforce.node';

/**
 * A picker's typed value that fits another mode is flagged in the editor by a notice, shown by
 * n8n's own display rules (what the editor runs), and never becomes a node issue: n8n does not run
 * a node with issues, and the service's ids have no format in the specification.
 */
const node = new Workforce().description;
const PICKERS = ['project', 'machine', 'user', 'employee'];
const GUID = '3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10';
const NUMBER_OF: Record<string, string> = {
	project: 'P-1002',
	machine: 'M-100',
	user: '1001',
	employee: '1001',
};

/** Every operation with a picker, and the picker as that operation shows it. */
const resources = (node.properties.find((p) => p.name === 'resource')!.options ??
	[]) as INodePropertyOptions[];
const rows = resources.flatMap((r) =>
	node.properties
		.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(r.value))
		.flatMap((p) => (p.options ?? []) as INodePropertyOptions[])
		.flatMap((op) => {
			const base = { resource: r.value, operation: op.value, parent: 'project' };
			const picker = node.properties.find(
				(p) =>
					p.type === 'resourceLocator' &&
					PICKERS.includes(p.name) &&
					NodeHelpers.displayParameter(base as INodeParameters, p, null, node),
			);
			return picker ? [[`${String(r.value)}:${String(op.value)}`, base, picker] as const] : [];
		}),
);

function noticesShown(base: INodeParameters, picker: INodeProperties, mode: string, value: string) {
	const values = { ...base, [picker.name]: { __rl: true, mode, value } };
	return node.properties
		.filter((p) => p.type === 'notice' && p.name === `${picker.name}ModeNotice`)
		.filter((p) => NodeHelpers.displayParameter(values, p, null, node))
		.map((p) => p.displayName);
}

function issuesOf(base: INodeParameters, picker: INodeProperties, mode: string, value: string) {
	const workflowNode: INode = {
		id: 'n',
		name: 'Workforce',
		type: 'n8n-nodes-workforce.workforce',
		typeVersion: 1,
		position: [0, 0],
		parameters: { ...base, [picker.name]: { __rl: true, mode, value } },
	};
	return NodeHelpers.getNodeParametersIssues([picker], workflowNode, node);
}

describe('picker notices', () => {
	it('finds the pickers of every resource that has them', () => {
		expect(new Set(rows.map(([, base]) => base.resource))).toEqual(
			new Set(['project', 'workOrder', 'document', 'machine', 'user', 'employee']),
		);
		expect(rows.length).toBeGreaterThanOrEqual(30);
	});

	it.each(rows)('%s', (_label, base, picker) => {
		const modes = (picker.modes ?? []).map((m) => m.name);
		const numberMode = modes.find((m) => m !== 'list' && m !== 'id');
		const shown = (mode: string, value: string) => noticesShown(base, picker, mode, value);
		const idIsGenerated =
			modes.includes('id') &&
			!/Identity/.test(picker.modes!.find((m) => m.name === 'id')!.displayName);
		if (idIsGenerated && numberMode) {
			// A number typed By ID: the notice names the number's mode.
			const [flag] = shown('id', NUMBER_OF[picker.name]);
			expect(flag).toMatch(
				/^This is not shaped like a generated ID .*\. For a .* number, choose By .* Number\.$/,
			);
			// A generated ID typed as a number: the notice names the ID's mode.
			expect(shown(numberMode, GUID)).toEqual([
				expect.stringMatching(
					/^This looks like a generated ID, not a .* number\. For the .*'s ID, choose By (Profile )?ID\.$/,
				),
			]);
		} else {
			expect(shown('id', NUMBER_OF[picker.name])).toEqual([]);
			if (numberMode) expect(shown(numberMode, GUID)).toEqual([]);
		}
		// Quiet while the value has the mode's shape, is empty, is mapped, or is picked from the list.
		expect(shown('id', GUID)).toEqual([]);
		if (numberMode) expect(shown(numberMode, NUMBER_OF[picker.name])).toEqual([]);
		expect(shown('id', '')).toEqual([]);
		expect(shown('id', '={{ $json.number }}')).toEqual([]);
		if (numberMode) expect(shown(numberMode, `={{ "${GUID}" }}`)).toEqual([]);
		expect(shown('list', 'P-1002')).toEqual([]);
		// Never a node issue: a run is never stopped for a value's shape.
		expect(issuesOf(base, picker, 'id', NUMBER_OF[picker.name])).toBeNull();
	});
});
