import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/** The opt-in parts of an employee answer; nothing extra comes back unless requested. */
export const includeField: INodeProperties = {
	displayName: 'Include',
	name: 'include',
	type: 'multiOptions',
	options: [
		{
			name: 'Employment History',
			value: 'employment-history',
			description: 'Current, upcoming and historical employments',
		},
		{ name: 'Tags', value: 'tags' },
		{ name: 'Work Time Arrangements', value: 'work-time-arrangements' },
	],
	default: [],
	description: 'Extra parts to add to each employee',
};

export const subsidiariesField: INodeProperties = {
	displayName: 'Include Employees From Subsidiaries',
	name: 'includeEmployeesFromSubsidiaries',
	type: 'boolean',
	default: false,
	description: 'Whether to look in the subsidiaries of your company too',
};

/** Sends the chosen includes comma-separated, and nothing when none is chosen. */
export async function sendIncludes(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const include = Array.isArray(options.include) ? (options.include as string[]) : [];
	const qs: IDataObject = { ...(requestOptions.qs ?? {}) };
	if (include.length) qs.include = include.join(',');
	if (options.includeEmployeesFromSubsidiaries === true) qs.includeEmployeesFromSubsidiaries = true;
	const number = typeof options.employeeNumber === 'string' ? options.employeeNumber.trim() : '';
	if (number) qs.employeeNumber = number;
	requestOptions.qs = qs;
	return requestOptions;
}
