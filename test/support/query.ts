import type { LoggedRequest } from '../emulator';

/** The logged query with single values unwrapped. */
export function single(query: LoggedRequest['query']): Record<string, string | string[]> {
	return Object.fromEntries(
		Object.entries(query).map(([k, v]) => [
			k,
			Array.isArray(v) && v.length === 1 ? v[0] : (v as string | string[]),
		]),
	);
}
