/**
 * The file name carried by a Content-Disposition header (RFC 6266). `filename*` (RFC 5987,
 * `UTF-8''...` or `ISO-8859-1''...`) wins over the plain `filename`, which may be quoted.
 */
export function fileNameFromContentDisposition(header: unknown): string | undefined {
	if (typeof header !== 'string' || header.trim() === '') return undefined;
	const params = parseParameters(header);
	const extended = params.get('filename*');
	if (extended !== undefined) {
		const decoded = decodeExtValue(extended);
		if (decoded !== undefined) return decoded;
	}
	const plain = params.get('filename');
	return plain === undefined ? undefined : utf8FromLatin1(plain);
}

/**
 * Some servers put raw UTF-8 bytes in `filename="..."`; Node reads header bytes as Latin-1, so
 * "Ø" arrives as "Ã\u0098". Re-read such a value as UTF-8 when it is valid UTF-8.
 */
function utf8FromLatin1(value: string): string {
	// Any UTF-16 unit above U+00FF (surrogates included) means the value is not Latin-1 bytes.
	if (!/[\u0080-\u00ff]/.test(value) || /[\u0100-\uffff]/.test(value)) return value;
	const decoded = Buffer.from(value, 'latin1').toString('utf8');
	return decoded.includes('\ufffd') ? value : decoded;
}

/** `type; a=b; c="d; e"` -> lower-cased name -> value, quotes and quoted-pairs removed. */
function parseParameters(header: string): Map<string, string> {
	const out = new Map<string, string>();
	const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
	let match: RegExpExecArray | null;
	while ((match = pattern.exec(header)) !== null) {
		const name = match[1].toLowerCase();
		let value = match[2].trim();
		if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
		if (!out.has(name)) out.set(name, value);
	}
	return out;
}

function decodeExtValue(value: string): string | undefined {
	const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value.replace(/^"|"$/g, ''));
	if (!match) return undefined;
	const charset = match[1].toLowerCase();
	const encoded = match[2];
	try {
		if (charset === 'utf-8' || charset === 'utf8' || charset === '')
			return decodeURIComponent(encoded);
		if (charset === 'iso-8859-1' || charset === 'latin1') {
			return encoded.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) =>
				String.fromCharCode(parseInt(hex, 16)),
			);
		}
	} catch {
		return undefined;
	}
	return undefined;
}

/**
 * A file name that cannot leave the folder it is saved in: path parts (`../`, `/abs`, `C:\`,
 * backslashes) are dropped down to the last segment, control characters and invisible format
 * characters (bidi overrides that display "exe.pdf" for "fdp.exe", zero-width marks) removed,
 * characters Windows refuses replaced, leading dots and trailing dots/spaces trimmed.
 * Empty -> fallback.
 */
export function cleanFileName(name: string | undefined, fallback: string): string {
	let cleaned = String(name ?? '')
		.normalize('NFC')
		// \p{Cc}: U+0000-U+001F and U+007F-U+009F.
		.replace(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu, '')
		.replace(/\\/g, '/');
	cleaned = cleaned.slice(cleaned.lastIndexOf('/') + 1);
	cleaned = cleaned
		.replace(/^[A-Za-z]:/, '')
		.replace(/[<>:"|?*]/g, '_')
		.replace(/^[\s.]+/, '')
		.replace(/[\s.]+$/, '');
	if (cleaned.length > 200) {
		const dot = cleaned.lastIndexOf('.');
		const ext = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
		cleaned = cleaned.slice(0, 200 - ext.length) + ext;
	}
	return cleaned === '' ? fallback : cleaned;
}

/** The lower-cased extension of a file name, without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
	const dot = fileName.lastIndexOf('.');
	return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

const MIME_TYPES: Record<string, string> = {
	pdf: 'application/pdf',
	doc: 'application/msword',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	xls: 'application/vnd.ms-excel',
	xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
	ppt: 'application/vnd.ms-powerpoint',
	pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
	odt: 'application/vnd.oasis.opendocument.text',
	ods: 'application/vnd.oasis.opendocument.spreadsheet',
	rtf: 'application/rtf',
	txt: 'text/plain',
	md: 'text/markdown',
	csv: 'text/csv',
	json: 'application/json',
	xml: 'application/xml',
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	gif: 'image/gif',
	bmp: 'image/bmp',
	tif: 'image/tiff',
	tiff: 'image/tiff',
	webp: 'image/webp',
	heic: 'image/heic',
	svg: 'image/svg+xml',
	zip: 'application/zip',
	'7z': 'application/x-7z-compressed',
	rar: 'application/vnd.rar',
	dwg: 'image/vnd.dwg',
	dxf: 'image/vnd.dxf',
	ifc: 'application/x-step',
	msg: 'application/vnd.ms-outlook',
	eml: 'message/rfc822',
	mp3: 'audio/mpeg',
	wav: 'audio/wav',
	mp4: 'video/mp4',
	mov: 'video/quicktime',
};

/** A MIME type for a file name, from its extension; application/octet-stream when unknown. */
export function mimeTypeFor(fileName: string): string {
	return MIME_TYPES[extensionOf(fileName)] ?? 'application/octet-stream';
}

/** An extension for a MIME type (for names built from an id). */
export function extensionForMimeType(mimeType: string): string {
	const type = mimeType.split(';')[0].trim().toLowerCase();
	if (type === 'image/jpeg') return 'jpg';
	const found = Object.entries(MIME_TYPES).find(([, t]) => t === type);
	return found ? found[0] : '';
}
