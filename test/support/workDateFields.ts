import type { INodeProperties } from 'n8n-workflow';

import { BEFORE_VERSION_2, FROM_VERSION_2 } from '../../nodes/shared/nodeVersion';
import { Workforce } from '../../nodes/Workforce/Workforce.node';

/**
 * Payroll Export's work-date fields of one node version as the editor shows them: From and To
 * Work Date of each operation and its Filters > Modified Since Date (version 1: n8n's date picker;
 * version 2: typed text, issue 44).
 */
export function payrollWorkDateFields(version: 1 | 2): INodeProperties[] {
	const shown = JSON.stringify((version === 1 ? BEFORE_VERSION_2 : FROM_VERSION_2)['@version']);
	const fields = new Workforce().description.properties.filter(
		(p) =>
			p.displayOptions?.show?.resource?.includes('payrollExport') &&
			JSON.stringify(p.displayOptions.show['@version']) === shown,
	);
	return [
		...fields.filter((p) => /WorkDate$/.test(p.name)),
		...fields
			.filter((p) => p.name === 'filters')
			.flatMap((p) => p.options as INodeProperties[])
			.filter((p) => p.name === 'modifiedSinceDate'),
	];
}
