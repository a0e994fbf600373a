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
	action: 'Get payroll summary lines for import',
	description:
		'Flat lines with fixed fields, one per employee, work date and payroll or absence type: employee number and name, work date (yyyy-MM-dd), payroll type code and name, quantity',
};

export const getSummaryLinesProperties: INodeProperties[] = exportFields('getSummaryLines');

export async function getSummaryLines(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runJsonExport.call(
		this,
		() => '/api/payroll-export/summary-as-lines',
		'Get payroll summary lines',
	);
}
