import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { searchProjects } from './listSearch/searchProjects';
import { dataExtractionDescription, dataExtractionOperations } from './resources/dataExtraction';
import { payrollExportDescription, payrollExportOperations } from './resources/payrollExport';
import { documentDescription, documentOperations } from './resources/document';
import { fileDescription, fileOperations } from './resources/file';
import { projectDescription } from './resources/project';
import { workOrderDescription } from './resources/workOrder';

export class Workforce implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workforce',
		name: 'workforce',
		icon: { light: 'file:workforce.svg', dark: 'file:workforce.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Push master data into and pull payroll and time data out of the Workforce Integration Service',
		defaults: { name: 'Workforce' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'workforceApi', required: true }],
		requestDefaults: {
			baseURL: '={{ String($credentials.integrationBaseUrl).replace(/\\/+$/, "") }}',
			headers: { Accept: 'application/json' },
			json: true,
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Data Extraction', value: 'dataExtraction' },
					{ name: 'Document', value: 'document' },
					{ name: 'File', value: 'file' },
					{ name: 'Payroll Export', value: 'payrollExport' },
					{ name: 'Project', value: 'project' },
					{ name: 'Work Order', value: 'workOrder' },
				],
				default: 'project',
			},
			...projectDescription,
			...workOrderDescription,
			...dataExtractionDescription,
			...payrollExportDescription,
			...documentDescription,
			...fileDescription,
		],
	};

	methods = {
		listSearch: { searchProjects },
	};

	customOperations = {
		dataExtraction: dataExtractionOperations,
		payrollExport: payrollExportOperations,
		document: documentOperations,
		file: fileOperations,
	};
}
