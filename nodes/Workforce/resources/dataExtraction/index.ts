import type { INodeProperties } from 'n8n-workflow';

import { getImages, getImagesOption, getImagesProperties } from './getImages';
import {
	getPayrollLines,
	getPayrollLinesOption,
	getPayrollLinesProperties,
} from './getPayrollLines';
import {
	getPayrollLinesExtended,
	getPayrollLinesExtendedOption,
	getPayrollLinesExtendedProperties,
} from './getPayrollLinesExtended';
import { getRecords, getRecordsOption, getRecordsProperties } from './getRecords';
import {
	getTimeRegistrations,
	getTimeRegistrationsOption,
	getTimeRegistrationsProperties,
} from './getTimeRegistrations';

/** Paginated data extraction (reporting API): every operation is a custom operation over the shared paginator. */
export const dataExtractionDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dataExtraction'] } },
		options: [
			getImagesOption,
			getPayrollLinesOption,
			getPayrollLinesExtendedOption,
			getRecordsOption,
			getTimeRegistrationsOption,
		],
		default: 'getTimeRegistrations',
	},
	...getImagesProperties,
	...getPayrollLinesProperties,
	...getPayrollLinesExtendedProperties,
	...getRecordsProperties,
	...getTimeRegistrationsProperties,
];

export const dataExtractionOperations = {
	getImages,
	getPayrollLines,
	getPayrollLinesExtended,
	getRecords,
	getTimeRegistrations,
};
