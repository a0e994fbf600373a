import {
	NodeConnectionTypes,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import {
	CatchesAssignedExecute,
	type ExecuteFunction,
} from '../shared/n8nInternals/assignedExecute';
import { versionsKeepingCustomApiCall } from '../shared/n8nInternals/customApiCall';
import { NODE_DESCRIPTION } from '../shared/nodeDescription';
import { subtitleExpression } from '../shared/subtitle';
import { searchMachines } from './listSearch/searchMachines';
import {
	searchEmployees,
	searchUsersByIdentity,
	searchUsersByNumber,
	searchUsersByProfile,
} from './listSearch/searchPeople';
import { searchProjects } from './listSearch/searchProjects';
import { getMachineTypes } from './loadOptions/getMachineTypes';
import { dataExtractionDescription, dataExtractionOperations } from './resources/dataExtraction';
import { documentDescription, documentOperations } from './resources/document';
import { employeeDescription } from './resources/employee';
import { fileDescription, fileOperations } from './resources/file';
import { machineCustomOperations, machineDescription } from './resources/machine';
import { machineTypeDescription } from './resources/machineType';
import { payrollExportDescription, payrollExportOperations } from './resources/payrollExport';
import { projectDescription } from './resources/project';
import { userDescription } from './resources/user';
import { workOrderDescription } from './resources/workOrder';
import { toolDescriptionProperties } from './tool/descriptions';
import { customOperationsFirst, forModels } from './tool/execute';
import { toolResultLimitProperties } from './tool/limit';
import { assertSupportedN8n } from '../shared/n8nInternals/versionProbe';

// Refuse to load, naming the minimum, on an n8n this package cannot run on.
assertSupportedN8n();

const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Data Extraction', value: 'dataExtraction' },
			{ name: 'Document', value: 'document' },
			{
				name: 'Employee',
				value: 'employee',
				description:
					"People by employee number, with employments and tags (the service's current employees API, v5): use it for new workflows",
			},
			{ name: 'File', value: 'file' },
			{ name: 'Machine', value: 'machine' },
			{ name: 'Machine Type', value: 'machineType' },
			{ name: 'Payroll Export', value: 'payrollExport' },
			{ name: 'Project', value: 'project' },
			{
				name: 'User',
				value: 'user',
				description:
					'The same people through the older users API (v4), by identity or profile ID: for workflows already built on it',
			},
			{ name: 'Work Order', value: 'workOrder' },
		],
		default: 'project',
	},
	...machineDescription,
	...machineTypeDescription,
	...projectDescription,
	...workOrderDescription,
	...userDescription,
	...employeeDescription,
	...documentDescription,
	...fileDescription,
	...dataExtractionDescription,
	...payrollExportDescription,
	...toolDescriptionProperties,
	...toolResultLimitProperties,
];

export class Workforce extends CatchesAssignedExecute implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workforce',
		name: 'workforce',
		icon: { light: 'file:workforce.svg', dark: 'file:workforce.dark.svg' },
		group: ['transform'],
		// 2: an explicit payroll period, the payroll user filters default to All Users, instants
		// typed in the editor read in n8n's time zone (CHANGELOG, docs/architecture.md "Versions").
		...versionsKeepingCustomApiCall(1, 2),
		subtitle: subtitleExpression(properties),
		description: NODE_DESCRIPTION,
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
		properties,
	};

	methods = {
		listSearch: {
			searchProjects,
			searchMachines,
			searchUsersByIdentity,
			searchUsersByProfile,
			searchUsersByNumber,
			searchEmployees,
		},
		loadOptions: { getMachineTypes },
	};

	customOperations = forModels({
		dataExtraction: dataExtractionOperations,
		document: documentOperations,
		file: fileOperations,
		machine: machineCustomOperations,
		payrollExport: payrollExportOperations,
	});

	/** The `execute` n8n assigns this declarative node (its routing), with the custom operations put first: see tool/execute.ts. */
	protected wrapAssignedExecute(routing: ExecuteFunction): ExecuteFunction {
		return customOperationsFirst(this.customOperations, routing);
	}
}
