import type { IDataObject } from 'n8n-workflow';

/**
 * The file's name without extension: what was read (the endpoint's last path part) and its
 * window, e.g. `time-registrations_2026-01-01T00-00-00Z_2026-02-01T00-00-00Z`, or
 * `time-registrations_modified_2026-01-01T00-00-00Z_now` in incremental mode, `..._all` without one.
 */
export function extractionFileName(path: string, qs: IDataObject): string {
	const what = path.split('/').filter(Boolean).pop() ?? 'records';
	const since = qs.ModifiedSince;
	if (since !== undefined)
		return `${what}_modified_${stamp(since)}_${stamp(qs.ModifiedBefore ?? 'now')}`;
	if (qs.FromDateTime === undefined && qs.ToDateTime === undefined) return `${what}_all`;
	return `${what}_${stamp(qs.FromDateTime ?? 'start')}_${stamp(qs.ToDateTime ?? 'now')}`;
}

/** A time as it can stand in a file name on every system (no colons). */
function stamp(value: unknown): string {
	return String(value)
		.replace(/\.\d+(?=Z|[+-]\d\d:?\d\d$|$)/, '')
		.replace(/:/g, '-')
		.replace(/[^\w.+-]/g, '_');
}

/** `<base>.<extension>`, or `<base>_part-002.<extension>` when the run wrote several (sorts in order). */
export function partFileName(base: string, extension: string, part: number, numbered: boolean) {
	return numbered
		? `${base}_part-${String(part).padStart(3, '0')}.${extension}`
		: `${base}.${extension}`;
}
