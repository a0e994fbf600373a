import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { exportFields } from './fields';
import { runJsonExport } from './runJson';

export const getSummaryLinesOption: INodePropertyOptions = {
	name: 'Get Summary Lines',
	value: 'getSummaryLines',
	action: 'Get payroll summaries as export lines',
	description:
		'Payroll summaries as export lines (one per employee, day and payroll or absence type)',
};

export const getSummaryLinesProperties: INodeProperties[] = exportFields('getSummaryLines');

export async function getSummaryLines(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runJsonExport.call(
		this,
		() => '/api/payroll-export/summary-as-lines',
		'Get payroll summary lines',
	);
}
