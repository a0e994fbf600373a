import type { INodeProperties } from 'n8n-workflow';

import { requiredMachineProperties } from './create';
import { machineFields } from './fields';

type Display = INodeProperties['displayOptions'];

interface BulkSpec {
	/** Appended to the "Use Input Item JSON" description: how an item names its machine. */
	idNote: string;
	/** Parameters between Machine Data and the required fields (Replace Many: which machine). */
	locate?: (mapped: Display, show: Display) => INodeProperties[];
	/** The optional fields' collection, named as saved workflows know it. */
	fields: { name: string; displayName: string };
}

/**
 * The parameters of Create Many and Replace Many: where each machine comes from, the machine's
 * fields when they are mapped, and the batch size.
 */
export function bulkMachineProperties(operation: string, spec: BulkSpec): INodeProperties[] {
	const show = { show: { resource: ['machine'], operation: [operation] } };
	const mapped = { show: { ...show.show, machineData: ['fields'] } };
	return [
		{
			displayName: 'Machine Data',
			name: 'machineData',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Map Fields Below',
					value: 'fields',
					description:
						'Each input item becomes one machine, built from the fields below (use expressions)',
				},
				{
					name: 'Use Input Item JSON',
					value: 'json',
					description: `Each input item's JSON is one machine with the field names of the API (companyId, machineNumber, typeId, ...; other keys are ignored)${spec.idNote}`,
				},
			],
			default: 'fields',
			displayOptions: show,
		},
		...(spec.locate?.(mapped, show) ?? []),
		...requiredMachineProperties(mapped, false),
		{
			displayName: spec.fields.displayName,
			name: spec.fields.name,
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: mapped,
			options: machineFields,
		},
		{
			displayName: 'Batch Size',
			name: 'batchSize',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 100,
			description: 'How many machines to send per request',
			displayOptions: show,
		},
	];
}
