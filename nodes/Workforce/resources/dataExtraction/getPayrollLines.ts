import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { runExtraction } from './execute';
import { extractionFields } from './fields';
import { emptyPayrollLinesHint, leftOutPayrollLinesHint } from './payrollLineHints';

export const getPayrollLinesOption: INodePropertyOptions = {
	name: 'Get Payroll Lines',
	value: 'getPayrollLines',
	action: 'Get raw payroll lines in bulk',
	description: 'Processed payroll lines: one per employee per day',
};

export const getPayrollLinesProperties: INodeProperties[] = extractionFields(
	'getPayrollLines',
	'payroll lines',
);

export async function getPayrollLines(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const result = await runExtraction.call(this, {
		path: '/v1/payroll-lines',
		what: 'Get Payroll Lines',
	});
	emptyPayrollLinesHint(this, result[0].length);
	leftOutPayrollLinesHint(this, result[0].length);
	return result;
}
