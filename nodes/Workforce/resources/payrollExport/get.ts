import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { exportFields } from './fields';
import { runJsonExport } from './runJson';

export const getOption: INodePropertyOptions = {
	name: 'Get Daily Summaries',
	value: 'get',
	action: 'Get daily payroll summaries',
	description:
		'One summary per employee and work date: hours, overtime and absences, with nested overtime and absence lines (JSON). For a file to import, use Get Import Lines.',
};

export const getProperties: INodeProperties[] = exportFields('get', { readOnly: true });

export async function get(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runJsonExport.call(
		this,
		(itemIndex) =>
			(this.getNodeParameter('options.readOnly', itemIndex, true) as boolean)
				? '/api/payroll-export/readonly'
				: '/api/payroll-export/',
		'Get payroll export',
		'summaries',
	);
}
