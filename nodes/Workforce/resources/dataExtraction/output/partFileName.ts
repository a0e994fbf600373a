/**
 * The name of one file of the output: `<base>.<extension>`, or with its part number when the run
 * wrote several, e.g. `time-registrations_2026-01-01T00-00-00Z_2026-02-01T00-00-00Z_part-002.ndjson`
 * (three digits at least, so the names sort in order).
 */
export function partFileName(
	baseName: string,
	extension: string,
	part: number,
	numbered: boolean,
): string {
	if (!numbered) return `${baseName}.${extension}`;
	return `${baseName}_part-${String(part).padStart(3, '0')}.${extension}`;
}
