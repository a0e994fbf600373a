import { validationErrors, ApiError, type ErrorItem } from '../core/apiError';
import { isDateTime, validate, type Schema } from '../core/validate';

/** Phone numbers (the login username) in international format: `+`, country code, digits. */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;

export function isPhone(value: unknown): boolean {
	return typeof value === 'string' && PHONE_PATTERN.test(value);
}

export function isEmail(value: unknown): boolean {
	return typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** A real calendar date `yyyy-MM-dd`, or undefined. */
function calendarDate(y: number, m: number, d: number): string | undefined {
	const date = new Date(Date.UTC(y, m - 1, d));
	if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
		return undefined;
	return date.toISOString().slice(0, 10);
}

/** The v4 users API takes dates as `dd.MM.yyyy` or `yyyy-MM-dd` only; returns `yyyy-MM-dd`. */
export function parseV4Date(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	let m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
	if (m) return calendarDate(Number(m[3]), Number(m[2]), Number(m[1]));
	m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
	if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
	return undefined;
}

/** The date part of a v5 datetime (stored as `yyyy-MM-dd`). */
export function dateOf(value: unknown): string | undefined {
	if (typeof value !== 'string' || !isDateTime(value)) return undefined;
	const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
	return m ? calendarDate(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
}

/** v5 answers datetimes; people's dates are days, so midnight UTC. */
export function toDateTime(date: string | null | undefined): string | null {
	return date ? `${date}T00:00:00Z` : null;
}

export function addDays(date: string, days: number): string {
	const d = new Date(`${date}T00:00:00Z`);
	d.setUTCDate(d.getUTCDate() + days);
	return d.toISOString().slice(0, 10);
}

/** Validates a nested object, naming its fields with a prefix (`employment.startDate`). */
export function validateNested(
	body: unknown,
	schema: Schema,
	prefix: string,
	opts: { partial?: boolean } = {},
): Record<string, unknown> {
	try {
		return validate(body, schema, opts);
	} catch (error) {
		if (!(error instanceof ApiError)) throw error;
		const items = ((error.body as { errors?: ErrorItem[] }).errors ?? []).map((e) => ({
			...e,
			field: e.field ? `${prefix}.${e.field}` : prefix,
			message: e.message.replace(/^'([^']+)'/, `'${prefix}.$1'`),
		}));
		throw validationErrors(items);
	}
}

/** Collects field errors and throws them together, as the service's model validation does. */
export class Problems {
	readonly items: ErrorItem[] = [];

	add(field: string, message: string, code = 'ValidationError') {
		this.items.push({ category: 'UserInvalidInputError', code, field, message });
	}

	throwIfAny() {
		if (this.items.length) throw validationErrors(this.items);
	}
}
