import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
} from 'n8n-workflow';

import { DAY_OR_ZONED_INSTANT_HINT } from '../../../shared/dateHints';

/** Every optional field of the specification's Project table, typed. */
export const projectFields: INodeProperties[] = [
	{
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description: 'Whether the project is active (the service defaults to false)',
	},
	{
		displayName: 'Blocked for Registration',
		name: 'blockedForRegistration',
		type: 'boolean',
		default: false,
		description: 'Whether all time registrations on the project are blocked',
	},
	{
		displayName: 'Customer Number',
		name: 'customerNumber',
		type: 'string',
		default: '',
		description:
			'Links the project to the company customer with this number; a customer is created (named from Project Customer Name) when none exists. Leave out to keep the current link.',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
	},
	{
		displayName: 'Estimated Hours',
		name: 'estimatedHourQty',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 0,
		description: 'Estimated total hours',
	},
	{
		displayName: 'External Dimension 1',
		name: 'externalDimension1',
		type: 'string',
		default: '',
		description: 'Accounting or ERP mapping',
	},
	{
		displayName: 'External Dimension 2',
		name: 'externalDimension2',
		type: 'string',
		default: '',
		description: 'Accounting or ERP mapping',
	},
	{
		displayName: 'External Project Number',
		name: 'externalProjectNumber',
		type: 'string',
		default: '',
		description: 'Number of the project in an external system',
	},
	{
		displayName: 'Finished Date',
		name: 'finishedDate',
		type: 'dateTime',
		default: '',
		description: `Actual completion. ${DAY_OR_ZONED_INSTANT_HINT}.`,
	},
	{
		displayName: 'Finished Date Planned',
		name: 'finishedDatePlanned',
		type: 'dateTime',
		default: '',
		description: DAY_OR_ZONED_INSTANT_HINT,
	},
	{
		displayName: 'Latitude',
		name: 'projectLocationLatitude',
		type: 'number',
		typeOptions: { minValue: -90, maxValue: 90, numberPrecision: 6 },
		default: 0,
	},
	{
		displayName: 'Longitude',
		name: 'projectLocationLongitude',
		type: 'number',
		typeOptions: { minValue: -180, maxValue: 180, numberPrecision: 6 },
		default: 0,
	},
	{
		displayName: 'Lunch Break Length (Minutes)',
		name: 'workBreakLunchLength',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 30,
	},
	{
		displayName: 'Lunch Break Start Time',
		name: 'workBreakLunchStartTime',
		type: 'string',
		default: '',
		placeholder: '11:30',
		description: 'Format HH:mm',
	},
	{
		displayName: 'Dinner Break Length (Minutes)',
		name: 'workBreakDinnerLength',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 30,
	},
	{
		displayName: 'Dinner Break Start Time',
		name: 'workBreakDinnerStartTime',
		type: 'string',
		default: '',
		placeholder: '17:00',
		description: 'Format HH:mm',
	},
	{
		displayName: 'Main Contact Email',
		name: 'mainContactEmail',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
	},
	{
		displayName: 'Main Foreman',
		name: 'mainForemanId',
		type: 'string',
		default: '',
		description: 'User ID, phone number, name or employee number',
	},
	{ displayName: 'Name', name: 'name', type: 'string', default: '' },
	{ displayName: 'Project Address', name: 'projectAddress', type: 'string', default: '' },
	{
		displayName: 'Project Customer Name',
		name: 'projectCustomerName',
		type: 'string',
		default: '',
	},
	{
		displayName: 'Project Leader',
		name: 'projectLeaderId',
		type: 'string',
		default: '',
		description: 'User ID, phone number, name or employee number',
	},
	{
		displayName: 'Require Work Order Number',
		name: 'requireTaskNumber',
		type: 'boolean',
		default: false,
		description: 'Whether time registrations must name a work order',
	},
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		description: DAY_OR_ZONED_INSTANT_HINT,
	},
];

const TIME_FIELDS: Record<string, string> = {
	workBreakLunchStartTime: 'Lunch Break Start Time',
	workBreakDinnerStartTime: 'Dinner Break Start Time',
};

/**
 * Checks what n8n's parameter types cannot: `HH:mm` times and numbers that arrive as strings
 * from expressions. Each problem names the field and the fix.
 */
export async function validateProjectBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const body = (requestOptions.body ?? {}) as IDataObject;
	for (const [field, label] of Object.entries(TIME_FIELDS)) {
		const value = body[field];
		if (value === undefined || value === null || value === '') {
			delete body[field];
			continue;
		}
		if (typeof value !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) {
			throw new NodeOperationError(this.getNode(), `${label} must be a time in the format HH:mm`, {
				description: `Got "${String(value)}". Use 24-hour HH:mm, for example 11:30.`,
				itemIndex: this.getItemIndex(),
			});
		}
	}
	for (const field of ['startDate', 'finishedDatePlanned', 'finishedDate']) {
		const value = body[field];
		if (value === '' || value === null) delete body[field];
		else if (value !== undefined && Number.isNaN(Date.parse(String(value)))) {
			throw new NodeOperationError(this.getNode(), `${field} is not a valid date`, {
				description: `Got "${String(value)}". Use an ISO 8601 date such as 2026-05-01 or 2026-05-01T07:00:00Z.`,
				itemIndex: this.getItemIndex(),
			});
		}
	}
	for (const [field, label] of [
		['finishedDatePlanned', 'Finished Date Planned'],
		['finishedDate', 'Finished Date'],
	]) {
		if (
			body.startDate &&
			body[field] &&
			Date.parse(String(body[field])) < Date.parse(String(body.startDate))
		) {
			throw new NodeOperationError(this.getNode(), `${label} is before Start Date`, {
				description: `Got ${label} "${String(body[field])}" and Start Date "${String(body.startDate)}". Set ${label} on or after Start Date, or correct Start Date.`,
				itemIndex: this.getItemIndex(),
			});
		}
	}
	for (const field of ['companyId', 'projectNumber']) {
		if (field in body && String(body[field] ?? '').trim() === '') {
			throw new NodeOperationError(
				this.getNode(),
				`${field === 'companyId' ? 'Company ID' : 'Project Number'} is empty`,
				{
					description: `Enter the ${field === 'companyId' ? "project's company id" : 'project number, unique within the company'}.`,
					itemIndex: this.getItemIndex(),
				},
			);
		}
	}
	requestOptions.body = body;
	return requestOptions;
}
