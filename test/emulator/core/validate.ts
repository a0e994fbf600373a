import { validationErrors, type ErrorItem } from './apiError';

export type FieldType =
	| 'string'
	| 'bool'
	| 'double'
	| 'int'
	| 'datetime'
	| 'date'
	| 'time'
	| 'array'
	| 'object';

export interface FieldSpec {
	type: FieldType;
	required?: boolean;
}

export type Schema = Record<string, FieldSpec>;

/** `HH:mm`, 00:00 to 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Checks a JSON body against a schema the way the service's model binding does: unknown fields
 * are ignored, a value of the wrong type or format is a 400 naming the field. Returns only the
 * known fields that were sent (so PATCH can tell "omitted" from "null").
 */
export function validate(
	body: unknown,
	schema: Schema,
	opts: { partial?: boolean } = {},
): Record<string, unknown> {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) {
		throw validationErrors([
			{
				category: 'UserInvalidInputError',
				code: 'ValidationError',
				field: '',
				message: 'The request body must be a JSON object.',
			},
		]);
	}
	const input = body as Record<string, unknown>;
	const errors: ErrorItem[] = [];
	const out: Record<string, unknown> = {};
	for (const [field, spec] of Object.entries(schema)) {
		const key = findKey(input, field);
		const value = key === undefined ? undefined : input[key];
		if (
			value === undefined ||
			value === null ||
			(spec.type === 'string' && spec.required && value === '')
		) {
			if (spec.required && !opts.partial) {
				errors.push(err(field, `'${field}' is required.`));
			} else if (key !== undefined) {
				out[field] = null;
			}
			continue;
		}
		const problem = checkType(value, spec.type);
		if (problem) errors.push(err(field, `'${field}' ${problem}`));
		else out[field] = value;
	}
	if (errors.length) throw validationErrors(errors);
	return out;
}

/** Property names bind case-insensitively, as in ASP.NET model binding. */
function findKey(input: Record<string, unknown>, field: string): string | undefined {
	if (field in input) return field;
	const lower = field.toLowerCase();
	return Object.keys(input).find((k) => k.toLowerCase() === lower);
}

function checkType(value: unknown, type: FieldType): string | undefined {
	switch (type) {
		case 'string':
			return typeof value === 'string' ? undefined : 'must be a string.';
		case 'bool':
			return typeof value === 'boolean' ? undefined : 'must be true or false.';
		case 'double':
			return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number.';
		case 'int':
			return Number.isInteger(value) ? undefined : 'must be a whole number.';
		case 'datetime':
			return typeof value === 'string' && isDateTime(value)
				? undefined
				: 'must be an ISO 8601 date-time.';
		case 'date':
			return typeof value === 'string' && isDateTime(value)
				? undefined
				: 'must be a date (yyyy-MM-dd).';
		case 'time':
			return typeof value === 'string' && TIME_PATTERN.test(value)
				? undefined
				: 'must be a time in the format HH:mm.';
		case 'array':
			return Array.isArray(value) ? undefined : 'must be an array.';
		case 'object':
			return typeof value === 'object' && !Array.isArray(value) ? undefined : 'must be an object.';
	}
}

export function isDateTime(value: string): boolean {
	return (
		/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) &&
		!Number.isNaN(Date.parse(value))
	);
}

function err(field: string, message: string): ErrorItem {
	return { category: 'UserInvalidInputError', code: 'ValidationError', field, message };
}

export function fieldError(field: string, message: string, code = 'ValidationError'): ErrorItem {
	return { category: 'UserInvalidInputError', code, field, message };
}

/** Reads a boolean query parameter (`true`/`false`, case-insensitive); 400 for anything else. */
export function queryBool(query: URLSearchParams, name: string): boolean | undefined {
	const raw = getQuery(query, name);
	if (raw === undefined || raw === '') return undefined;
	if (/^true$/i.test(raw)) return true;
	if (/^false$/i.test(raw)) return false;
	throw validationErrors([fieldError(name, `'${name}' must be true or false.`)]);
}

/** Query names are matched case-insensitively by the service. */
export function getQuery(query: URLSearchParams, name: string): string | undefined {
	const all = getQueryAll(query, name);
	return all.length ? all[all.length - 1] : undefined;
}

export function getQueryAll(query: URLSearchParams, name: string): string[] {
	const lower = name.toLowerCase();
	const out: string[] = [];
	for (const [k, v] of query) if (k.toLowerCase() === lower) out.push(v);
	return out;
}
