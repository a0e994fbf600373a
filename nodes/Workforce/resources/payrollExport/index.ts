import type { INodeProperties } from 'n8n-workflow';

import { get, getOption, getProperties } from './get';
import { getFile, getFileOption, getFileProperties } from './getFile';
import {
	getSummaryLines,
	getSummaryLinesOption,
	getSummaryLinesProperties,
} from './getSummaryLines';

/** Payroll export: custom operations, because long ranges are split into 45-day windows and the file is binary. */
export const payrollExportDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['payrollExport'] } },
		options: [getOption, getFileOption, getSummaryLinesOption],
		default: 'get',
	},
	...getProperties,
	...getFileProperties,
	...getSummaryLinesProperties,
];

export const payrollExportOperations = { get, getFile, getSummaryLines };
