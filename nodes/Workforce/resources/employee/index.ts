import type { INodeProperties } from 'n8n-workflow';

import { changeEmployeeNumberOption, changeEmployeeNumberProperties } from './changeEmployeeNumber';
import { changePhoneNumberOption, changePhoneNumberProperties } from './changePhoneNumber';
import { createOption, createProperties } from './create';
import { createEmploymentOption, createEmploymentProperties } from './createEmployment';
import { deleteOption, deleteProperties } from './delete';
import { endEmploymentOption, endEmploymentProperties } from './endEmployment';
import { getOption, getProperties } from './get';
import { getManyOption, getManyProperties } from './getMany';
import { isDeletableOption, isDeletableProperties } from './isDeletable';
import {
	disableInProjectCompanyOption,
	enableInProjectCompanyOption,
	projectCompanyProperties,
} from './projectCompany';
import { replaceOption, replaceProperties } from './replace';
import { replaceTagsOption, replaceTagsProperties } from './replaceTags';
import { searchOption, searchProperties } from './search';
import { disableOption, enableOption, statusProperties } from './status';
import { updateOption, updateProperties } from './update';
import { updateEmploymentOption, updateEmploymentProperties } from './updateEmployment';

/** Employee (v5): identified by employee number, true PATCH, employment endpoints. */
export const employeeDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['employee'] } },
		options: [
			changeEmployeeNumberOption,
			changePhoneNumberOption,
			createOption,
			createEmploymentOption,
			deleteOption,
			disableOption,
			disableInProjectCompanyOption,
			enableOption,
			enableInProjectCompanyOption,
			endEmploymentOption,
			getOption,
			getManyOption,
			isDeletableOption,
			replaceOption,
			replaceTagsOption,
			searchOption,
			updateOption,
			updateEmploymentOption,
		],
		default: 'create',
	},
	...changeEmployeeNumberProperties,
	...changePhoneNumberProperties,
	...createProperties,
	...createEmploymentProperties,
	...deleteProperties,
	...statusProperties,
	...projectCompanyProperties,
	...endEmploymentProperties,
	...getProperties,
	...getManyProperties,
	...isDeletableProperties,
	...replaceProperties,
	...replaceTagsProperties,
	...searchProperties,
	...updateProperties,
	...updateEmploymentProperties,
];
