import {
	NodeOperationError,
	type IDataObject,
	type INode,
	type INodeProperties,
} from 'n8n-workflow';

import { DAY_OR_ZONED_INSTANT_HINT } from '../../../shared/dateHints';

/** Every optional field of the specification's Machine table, typed. */
export const machineFields: INodeProperties[] = [
	{
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description:
			'Whether the machine is active (the service defaults to false); retire machines by setting this to false',
	},
	{
		displayName: 'Build Year',
		name: 'buildYear',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 2020,
	},
	{
		displayName: 'Capacity',
		name: 'capacity',
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
	},
	{
		displayName: 'Cost Price',
		name: 'costPrice',
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
	},
	{
		displayName: 'Cost Price Machine',
		name: 'costPriceMachine',
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
	},
	{ displayName: 'Department', name: 'department', type: 'string', default: '' },
	{
		displayName: 'Emission Class',
		name: 'emissionClass',
		type: 'string',
		default: '',
		placeholder: 'e.g. Stage V',
	},
	{ displayName: 'Engine Number', name: 'engineNumber', type: 'string', default: '' },
	{
		displayName: 'Hour Meter',
		name: 'hourMeter',
		type: 'number',
		typeOptions: { numberPrecision: 1 },
		default: 0,
	},
	{
		displayName: 'Is Equipment',
		name: 'isEquipment',
		type: 'boolean',
		default: false,
		description:
			'Whether this is equipment (tools, attachments) rather than a machine; the type of equipment is not validated',
	},
	{ displayName: 'Name', name: 'name', type: 'string', default: '' },
	{ displayName: 'Note', name: 'note', type: 'string', typeOptions: { rows: 3 }, default: '' },
	{
		displayName: 'Parent Machine ID',
		name: 'parentMachineId',
		type: 'string',
		default: '',
		description: 'Equipment only: ID of the machine the equipment is linked to',
	},
	{
		displayName: 'Price',
		name: 'price',
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
		description: 'Sales price',
	},
	{
		displayName: 'Purchased Date',
		name: 'purchasedDate',
		type: 'dateTime',
		default: '',
		description: DAY_OR_ZONED_INSTANT_HINT,
	},
	{ displayName: 'Registration Number', name: 'registrationNumber', type: 'string', default: '' },
	{
		displayName: 'Responsible Employee Number',
		name: 'responsibleEmployeeNumber',
		type: 'string',
		default: '',
	},
	{
		displayName: 'Responsible User ID',
		name: 'responsibleId',
		type: 'string',
		default: '',
		description: 'User ID of the responsible person',
	},
	{ displayName: 'Serial Number', name: 'serialNumber', type: 'string', default: '' },
	{
		displayName: 'Service Date',
		name: 'serviceDate',
		type: 'dateTime',
		default: '',
		description: `Date of the last service. ${DAY_OR_ZONED_INSTANT_HINT}.`,
	},
	{
		displayName: 'Type Name or ID',
		name: 'typeId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getMachineTypes' },
		default: '',
		description:
			'Machine type of the company (validated for machines, not for equipment). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Weight (Kg)',
		name: 'weight',
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
	},
];

const NUMBER_FIELDS = [
	'costPriceMachine',
	'costPrice',
	'price',
	'weight',
	'capacity',
	'hourMeter',
	'buildYear',
];
const DATE_FIELDS = ['serviceDate', 'purchasedDate'];
const BOOL_FIELDS = ['active', 'isEquipment'];
const STRING_FIELDS = [
	'companyId',
	'machineNumber',
	'name',
	'typeId',
	'department',
	'note',
	'emissionClass',
	'serialNumber',
	'engineNumber',
	'registrationNumber',
	'responsibleId',
	'responsibleEmployeeNumber',
	'parentMachineId',
	'id',
];

/** Names of the fields of the specification's Machine table (plus the equipment link and id). */
export const MACHINE_FIELD_NAMES = [
	...STRING_FIELDS,
	...NUMBER_FIELDS,
	...DATE_FIELDS,
	...BOOL_FIELDS,
];

/** Throws a clear error; `field` (the API name) is kept so bulk results can name it. */
export type Fail = (message: string, description: string, field?: string) => never;

export function failWith(node: INode, itemIndex: number): Fail {
	return (message, description, field) => {
		const error = new NodeOperationError(node, message, { description, itemIndex });
		if (field) error.context.data = { errors: [{ field, message }] };
		throw error;
	};
}

/**
 * Checks and normalises a machine body where n8n's parameter types cannot (values mapped by
 * expressions arrive as strings, dates as DateTime objects). Each problem names the field.
 * `emptyMeans` says what an empty text does: left out (create, replace) or cleared (update).
 */
export function normalizeMachineBody(
	body: IDataObject,
	fail: Fail,
	emptyMeans: 'omit' | 'clear' = 'omit',
): IDataObject {
	for (const field of STRING_FIELDS) {
		const value = body[field];
		if (value === undefined || value === null) continue;
		const text =
			typeof value === 'string'
				? value.trim()
				: typeof value === 'number'
					? String(value)
					: undefined;
		if (text === undefined)
			fail(
				`${field} must be text`,
				`Got ${JSON.stringify(value)}. Map a text value to "${field}".`,
				field,
			);
		if (text === '') {
			if (emptyMeans === 'clear') body[field] = null;
			else delete body[field];
		} else body[field] = text;
	}
	for (const field of NUMBER_FIELDS) {
		const value = body[field];
		if (value === undefined || value === null) continue;
		if (value === '') {
			if (emptyMeans === 'clear') body[field] = null;
			else delete body[field];
			continue;
		}
		const number =
			typeof value === 'number'
				? value
				: typeof value === 'string'
					? Number(value.trim())
					: Number.NaN;
		if (!Number.isFinite(number))
			fail(
				`${field} must be a number`,
				`Got ${JSON.stringify(value)}. Map a number to "${field}".`,
				field,
			);
		if (field === 'buildYear' && !Number.isInteger(number))
			fail(
				'buildYear must be a whole number',
				`Got ${JSON.stringify(value)}. Use a year such as 2021.`,
				field,
			);
		body[field] = number;
	}
	for (const field of DATE_FIELDS) {
		const value = body[field] as unknown;
		if (value === undefined || value === null) continue;
		if (value === '') {
			if (emptyMeans === 'clear') body[field] = null;
			else delete body[field];
			continue;
		}
		const iso = toIsoDate(value);
		if (!iso)
			fail(
				`${field} is not a valid date`,
				`Got ${JSON.stringify(value)}. Use an ISO 8601 date such as 2026-05-01 or 2026-05-01T07:00:00Z.`,
				field,
			);
		body[field] = iso;
	}
	for (const field of BOOL_FIELDS) {
		const value = body[field];
		if (value === undefined || value === null || typeof value === 'boolean') continue;
		if (/^(true|false)$/i.test(String(value))) body[field] = /^true$/i.test(String(value));
		else fail(`${field} must be true or false`, `Got ${JSON.stringify(value)}.`, field);
	}
	return body;
}

/** A date given as text (kept as sent when valid) or as a Date / Luxon DateTime from an expression. */
function toIsoDate(value: unknown): string | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
	if (
		value &&
		typeof value === 'object' &&
		typeof (value as { toISO?: unknown }).toISO === 'function'
	) {
		return ((value as { toISO: () => string | null }).toISO() ?? undefined) || undefined;
	}
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	return /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(Date.parse(text)) ? text : undefined;
}

/** A required text field (Company ID, Machine Number) must not be empty. */
export function requireText(body: IDataObject, field: string, label: string, fail: Fail) {
	if (String(body[field] ?? '').trim() === '') {
		fail(
			`${label} is empty`,
			`Enter the ${label.toLowerCase()} ("${field}"); it is required.`,
			field,
		);
	}
}
