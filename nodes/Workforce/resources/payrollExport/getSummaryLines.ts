import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { exportFields } from './fields';
import { runJsonExport } from './runJson';

export const getSummaryLinesOption: INodePropertyOptions = {
	name: 'Get Import Lines',
	value: 'getSummaryLines',
	action: 'Get payroll lines to import',
	description:
		'Flat lines with fixed fields, one per employee, work date and payroll or absence type: employee number and name, work date (yyyy-MM-dd), payroll type code and name, quantity. What a payroll file is built from.',
};

export const getSummaryLinesProperties: INodeProperties[] = exportFields('getSummaryLines');

export async function getSummaryLines(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runJsonExport.call(
		this,
		() => '/api/payroll-export/summary-as-lines',
		'Get payroll summary lines',
		'lines',
	);
}
