import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { FROM_VERSION_2 } from '../../../shared/nodeVersion';

/**
 * Version 2 (issue 44): what to do when the period holds hours the export leaves out
 * (completeness.ts), shown only with Export Filter Only Approved or Only Locked.
 * Export and Warn (default), Stop, or Don't Check.
 */
export function completenessField(show: { show: IDataObject }): INodeProperties {
	return {
		displayName: 'Hours Not Yet Approved',
		name: 'hoursNotApproved',
		type: 'options',
		options: [
			{
				name: 'Export and Warn',
				value: 'warn',
				description:
					'Export what the Export Filter gives, and say who has hours in the period that are not in it, and how many',
			},
			{
				name: 'Stop',
				value: 'stop',
				description:
					'Export nothing and stop with an error naming them; with On Error: Continue (using error output) the error item goes there, so the workflow can wait and try again',
			},
			{
				name: "Don't Check",
				value: 'skip',
				description: 'No comparison with All Data, no extra request',
			},
		],
		default: 'warn',
		description:
			'What to do when the period holds hours the export leaves out because they are not approved (with Export Filter Only Locked: not locked). Found by comparing with All Data for the same period and filters: one more request per 45-day window.',
		displayOptions: { show: { ...show.show, ...FROM_VERSION_2, dataFilter: [0, 5] } },
	};
}
