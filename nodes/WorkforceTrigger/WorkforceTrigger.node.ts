import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { NODE_DESCRIPTION } from '../shared/nodeDescription';
import { optionSubtitleExpression } from '../shared/subtitle';
import { pollExtraction } from './pollExtraction';
import { pollPayrollExport } from './pollPayrollExport';
import { triggerProperties } from './properties';
import { readSettings } from './settings';
import { extractionStream } from './streams';
import { assertSupportedN8n } from '../shared/n8nInternals/versionProbe';

// Refuse to load, naming the minimum, on an n8n this package cannot run on.
assertSupportedN8n();

export class WorkforceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workforce Trigger',
		name: 'workforceTrigger',
		icon: { light: 'file:workforce.svg', dark: 'file:workforce.dark.svg' },
		group: ['trigger'],
		// 1.1: Request Timeout in milliseconds (`timeout`), as in the Workforce node; 1 keeps `timeoutSeconds`.
		// 2: the payroll user filters default to All Users, Start Date without a zone is read in
		// n8n's time zone (as the Workforce node's version 2).
		// No defaultVersion, as the Workforce node: the editor gives new nodes the last of `version`.
		version: [1, 1.1, 2],
		subtitle: optionSubtitleExpression(triggerProperties.find((p) => p.name === 'event')!),
		description: NODE_DESCRIPTION,
		defaults: { name: 'Workforce Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'workforceApi', required: true }],
		properties: triggerProperties,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		// The window's upper edge: noted before the first request, so nothing saved during the
		// poll can fall between this poll and the next.
		const startedAt = Date.now();
		const event = this.getNodeParameter('event') as string;
		const settings = readSettings(this);
		if (event === 'payrollExport') return await pollPayrollExport.call(this, settings, startedAt);
		return await pollExtraction.call(this, extractionStream(this, event), settings, startedAt);
	}
}
