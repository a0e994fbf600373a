import { NodeOperationError, type IDataObject, type IExecuteSingleFunctions } from 'n8n-workflow';

import { asText } from '../../shared/dates';

/** International format, as the service wants phone numbers (the login username). */
const PHONE = /^\+[1-9]\d{6,14}$/;

/** The day `y-m-d` as `yyyy-MM-dd`, or `undefined` when the calendar has no such day (2026-02-30). */
export function calendarDate(y: number, m: number, d: number): string | undefined {
	const date = new Date(Date.UTC(y, m - 1, d));
	if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
		return undefined;
	return date.toISOString().slice(0, 10);
}

/**
 * A day as `yyyy-MM-dd` from `yyyy-MM-dd`, `dd.MM.yyyy` or an ISO date-time (what n8n's date
 * fields and `$now` give), or a Date read as n8n writes it (ISO, UTC); undefined for anything else.
 */
export function toDay(value: unknown): string | undefined {
	const text = value === undefined || value === null ? '' : asText(value);
	let m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
	if (m) return calendarDate(Number(m[3]), Number(m[2]), Number(m[1]));
	m =
		/^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
			text,
		);
	if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
	return undefined;
}

function fail(ctx: IExecuteSingleFunctions, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, {
		description,
		itemIndex: ctx.getItemIndex(),
	});
}

/**
 * Normalises the date fields at the given (dotted) paths of a body to `yyyy-MM-dd`; empty ones
 * are dropped. A value that is no date is an error naming the field.
 */
export function checkDates(
	ctx: IExecuteSingleFunctions,
	body: IDataObject,
	fields: Record<string, string>,
) {
	for (const [path, label] of Object.entries(fields)) {
		const [holder, key] = locate(body, path);
		if (!holder || !(key in holder)) continue;
		const value = holder[key];
		if (value === null) continue;
		if (value === undefined || value === '') {
			delete holder[key];
			continue;
		}
		const day = toDay(value);
		if (!day) {
			fail(
				ctx,
				`${label} is not a valid date: "${String(value)}"`,
				`Use dd.MM.yyyy or yyyy-MM-dd, for example 31.01.2026 or 2026-01-31 (field "${path}").`,
			);
		}
		holder[key] = day;
	}
}

/** Phone numbers must be international (`+` country code, digits, no spaces). */
export function checkPhones(
	ctx: IExecuteSingleFunctions,
	body: IDataObject,
	fields: Record<string, string>,
) {
	for (const [field, label] of Object.entries(fields)) {
		const value = body[field];
		if (value === undefined || value === null || value === '') continue;
		if (typeof value !== 'string' || !PHONE.test(value)) {
			fail(
				ctx,
				`${label} must be a phone number in international format: "${String(value)}"`,
				`Write it with + and the country code, digits only, for example +4791234567 (field "${field}").`,
			);
		}
	}
}

/** Required text fields must not be blank (expressions can resolve to ""). */
export function checkRequired(
	ctx: IExecuteSingleFunctions,
	body: IDataObject,
	fields: Record<string, string>,
) {
	for (const [path, label] of Object.entries(fields)) {
		const [holder, key] = locate(body, path);
		const value = holder?.[key];
		if (value === undefined || value === null || String(value).trim() === '') {
			fail(
				ctx,
				`${label} is empty`,
				`"${label}" is required (field "${path}"). Enter a value or map one from the input.`,
			);
		}
	}
}

/** Drops optional text fields left empty, so they are not sent as "". */
export function dropEmpty(body: IDataObject) {
	for (const [key, value] of Object.entries(body))
		if (value === '' || value === undefined) delete body[key];
}

function locate(body: IDataObject, path: string): [IDataObject | undefined, string] {
	const parts = path.split('.');
	let holder: IDataObject | undefined = body;
	for (const part of parts.slice(0, -1)) {
		const next: unknown = holder?.[part];
		holder = next && typeof next === 'object' ? (next as IDataObject) : undefined;
	}
	return [holder, parts[parts.length - 1]];
}

export function failItem(
	ctx: IExecuteSingleFunctions,
	message: string,
	description: string,
): never {
	return fail(ctx, message, description);
}
