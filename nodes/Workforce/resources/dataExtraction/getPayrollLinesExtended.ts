import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { runExtraction } from './execute';
import { extractionFields } from './fields';
import { emptyPayrollLinesHint, leftOutPayrollLinesHint } from './payrollLineHints';

export const getPayrollLinesExtendedOption: INodePropertyOptions = {
	name: 'Get Payroll Lines Extended',
	value: 'getPayrollLinesExtended',
	action: 'Get raw payroll and overtime lines',
	description:
		'Payroll lines with full detail: one per employee and day, each with its overtime lines (payroll type, level, quantity)',
};

export const getPayrollLinesExtendedProperties: INodeProperties[] = extractionFields(
	'getPayrollLinesExtended',
	'extended payroll lines',
);

export async function getPayrollLinesExtended(
	this: IExecuteFunctions,
): Promise<INodeExecutionData[][]> {
	const result = await runExtraction.call(this, {
		path: '/v1/payroll-lines-extended',
		what: 'Get Payroll Lines Extended',
	});
	emptyPayrollLinesHint(this, result[0].length);
	leftOutPayrollLinesHint(this, result[0].length);
	return result;
}
