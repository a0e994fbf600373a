/**
 * A Content-Disposition header for a stored file name (RFC 6266): a plain `filename` for simple
 * ASCII names; otherwise an ASCII fallback plus `filename*=UTF-8''...` (RFC 5987) carrying the
 * exact name, so non-ASCII and odd characters survive.
 */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
	const simple = /^[\x20-\x7e]*$/.test(fileName) && !/["\\%]/.test(fileName);
	if (simple) return `${type}; filename="${fileName}"`;
	const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
	return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

function encodeRfc5987(value: string): string {
	return encodeURIComponent(value).replace(
		/['()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
	);
}
