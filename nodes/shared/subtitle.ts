import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The canvas subtitle, one rule for every operation: "Resource: Operation" ("Payroll Export: Get
 * File", "Data Extraction: Get Time Registrations"). n8n evaluates it as an expression over the
 * node's parameters, which hold values ("getTimeRegistrations", "payrollExport"), so the expression
 * looks the display names up. Built from the properties, so a new operation gets its subtitle
 * without a second list to keep in step.
 */
export function subtitleExpression(properties: INodeProperties[]): string {
	const resource = properties.find((p) => p.name === 'resource');
	const labels: Record<string, string> = {};
	for (const r of (resource?.options ?? []) as INodePropertyOptions[]) {
		const value = String(r.value);
		for (const selector of properties) {
			if (selector.name !== 'operation') continue;
			if (!selector.displayOptions?.show?.resource?.includes(value)) continue;
			for (const op of (selector.options ?? []) as INodePropertyOptions[])
				labels[`${value}:${String(op.value)}`] = `${r.name}: ${op.name}`;
		}
	}
	// An operation n8n adds itself (Custom API Call) falls back to its value.
	return `={{ ${JSON.stringify(labels)}[$parameter["resource"] + ":" + $parameter["operation"]] ?? $parameter["operation"] }}`;
}

/** The same lookup for a node whose subtitle is one options parameter (the trigger's Event). */
export function optionSubtitleExpression(property: INodeProperties): string {
	const labels: Record<string, string> = {};
	for (const option of (property.options ?? []) as INodePropertyOptions[])
		labels[String(option.value)] = option.name;
	return `={{ ${JSON.stringify(labels)}[$parameter["${property.name}"]] ?? $parameter["${property.name}"] }}`;
}
