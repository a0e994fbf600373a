import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { pickerOf } from '../../nodes/Workforce/helpers/pickerHints';
import { Workforce } from '../../nodes/Workforce/Workforce.node';

/**
 * Every picker of every operation: the hint under it says where a number goes when its ID mode
 * takes a generated ID, the not-found words name only modes the picker has (as the editor shows
 * them), and no typed value becomes a node issue (n8n runs no node with issues).
 */
const node = new Workforce().description;
const resources = (node.properties.find((p) => p.name === 'resource')!.options ??
	[]) as INodePropertyOptions[];
const rows = resources.flatMap((r) =>
	node.properties
		.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(r.value))
		.flatMap((p) => (p.options ?? []) as INodePropertyOptions[])
		.flatMap((op) => {
			const base = { resource: r.value, operation: op.value, parent: 'project' } as INodeParameters;
			return node.properties
				.filter(
					(p) => p.type === 'resourceLocator' && NodeHelpers.displayParameter(base, p, null, node),
				)
				.map((picker) => [`${String(r.value)}:${String(op.value)}`, base, picker] as const);
		}),
);

const typedModes = (picker: INodeProperties) =>
	(picker.modes ?? []).filter((m) => m.type !== 'list').map((m) => `${m.name}=${m.displayName}`);

describe('picker hints', () => {
	it('finds the pickers of every resource that has them', () => {
		expect(new Set(rows.map(([, base]) => base.resource))).toEqual(
			new Set(['project', 'workOrder', 'document', 'machine', 'user', 'employee']),
		);
		expect(rows.length).toBeGreaterThanOrEqual(35);
	});

	it.each(rows)('%s', (_label, base, picker) => {
		const modes = typedModes(picker);
		const idMode = picker.modes!.find((m) => m.name === 'id');
		const numberMode = picker.modes!.find((m) => /Number$/.test(m.displayName));
		// The hint: where a generated ID goes and where a number goes.
		if (idMode && numberMode && !/Identity/.test(idMode.displayName))
			expect(picker.hint).toBe(
				`${idMode.displayName} takes the generated ${idMode.displayName === 'By ID' ? 'ID' : 'profile ID'} (such as 3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10); for a ${numberMode.displayName.slice(3).toLowerCase()}, choose ${numberMode.displayName}`,
			);
		else expect(picker.hint).toBeUndefined();
		// What a not-found names for this operation are modes of this picker, as the editor shows them.
		const runtime = pickerOf(String(base.resource), String(base.operation));
		if (picker.name !== 'project' || base.resource !== 'document') {
			expect(runtime?.name).toBe(picker.name);
			expect(runtime!.modes.map((m) => `${m.mode}=${m.display}`).sort()).toEqual([...modes].sort());
		}
		// A number typed By ID is no node issue: the run goes on, and the service's 404 names the mode.
		const workflowNode: INode = {
			id: 'n',
			name: 'Workforce',
			type: 'n8n-nodes-workforce.workforce',
			typeVersion: 1,
			position: [0, 0],
			parameters: { ...base, [picker.name]: { __rl: true, mode: 'id', value: 'P-1002' } },
		};
		expect(NodeHelpers.getNodeParametersIssues([picker], workflowNode, node)).toBeNull();
	});
});
