import type { INodeProperties } from 'n8n-workflow';

import { BEFORE_VERSION_2, FROM_VERSION_2 } from '../../../shared/nodeVersion';

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
import { planWindows, planWindowsOption, planWindowsProperties } from './planWindows';
import {
	getTimeRegistrations,
	getTimeRegistrationsOption,
	getTimeRegistrationsProperties,
} from './getTimeRegistrations';

const operations = [
	getImagesOption,
	getPayrollLinesOption,
	getPayrollLinesExtendedOption,
	getRecordsOption,
	getTimeRegistrationsOption,
];

/** The operation selector of each node version: Plan Windows is version 2's (unreleased). */
const operationSelector = (
	show: NonNullable<INodeProperties['displayOptions']>['show'],
	options: typeof operations,
): INodeProperties => ({
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['dataExtraction'], ...show } },
	options,
	default: 'getTimeRegistrations',
});

/** Paginated data extraction (reporting API): every operation is a custom operation over the shared paginator. */
export const dataExtractionDescription: INodeProperties[] = [
	operationSelector(BEFORE_VERSION_2, operations),
	operationSelector(FROM_VERSION_2, [...operations, planWindowsOption]),
	...getImagesProperties,
	...getPayrollLinesProperties,
	...getPayrollLinesExtendedProperties,
	...getRecordsProperties,
	...getTimeRegistrationsProperties,
	...planWindowsProperties,
];

export const dataExtractionOperations = {
	getImages,
	getPayrollLines,
	getPayrollLinesExtended,
	getRecords,
	getTimeRegistrations,
	planWindows,
};
