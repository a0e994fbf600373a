import type { INodeProperties } from 'n8n-workflow';

import { getPayrollLines, getPayrollLinesOption, getPayrollLinesProperties } from './getPayrollLines';
import { getPayrollLinesExtended, getPayrollLinesExtendedOption, getPayrollLinesExtendedProperties } from './getPayrollLinesExtended';
import { getTimeRegistrations, getTimeRegistrationsOption, getTimeRegistrationsProperties } from './getTimeRegistrations';

/** Paginated data extraction (reporting API): every operation is a custom operation over the shared paginator. */
export const dataExtractionDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dataExtraction'] } },
		options: [getPayrollLinesOption, getPayrollLinesExtendedOption, getTimeRegistrationsOption],
		default: 'getTimeRegistrations',
	},
	...getPayrollLinesProperties,
	...getPayrollLinesExtendedProperties,
	...getTimeRegistrationsProperties,
];

export const dataExtractionOperations = {
	getPayrollLines,
	getPayrollLinesExtended,
	getTimeRegistrations,
};
