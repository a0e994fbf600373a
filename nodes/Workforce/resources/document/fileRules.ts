import { extensionOf } from '../../helpers/fileNames';

/** Largest request the service accepts, multipart overhead included (behaviour notes; 413 above). */
export const MAX_REQUEST_BYTES = 30_000_000;

/** SVG files are limited to 5 MiB (behaviour notes). */
export const SVG_LIMIT_BYTES = 5 * 1024 * 1024;

/** HTML, script and executable extensions, which the service refuses with 400 (behaviour notes). */
const REFUSED_EXTENSIONS = new Set([
	'htm',
	'html',
	'xhtml',
	'shtml',
	'mht',
	'mhtml',
	'hta',
	'js',
	'mjs',
	'cjs',
	'jse',
	'vbs',
	'vbe',
	'wsf',
	'wsh',
	'ps1',
	'psm1',
	'bat',
	'cmd',
	'sh',
	'php',
	'asp',
	'aspx',
	'jsp',
	'exe',
	'dll',
	'msi',
	'com',
	'scr',
	'pif',
	'cpl',
	'jar',
	'app',
	'apk',
	// compressed SVG is refused outright (behaviour notes, "Documents: more")
	'svgz',
]);

/** The service strips trailing dots and spaces before it checks the extension: `report.exe.` is an `.exe`. */
export function typeNameOf(fileName: string): string {
	return fileName.trim().replace(/[. ]+$/, '');
}

/** Why the service would refuse this file, or undefined when it is fine. */
export function refusalOf(
	fileName: string,
	size: number,
): { reason: string; fix: string } | undefined {
	const stripped = typeNameOf(fileName);
	if (stripped === '') {
		return {
			reason: `"${fileName}" has no file name once the trailing dots and spaces the service strips are gone`,
			fix: 'Give the binary a real file name (for example with an Edit Fields node: binary property fileName).',
		};
	}
	const ext = extensionOf(stripped);
	const trailing =
		stripped !== fileName
			? ' (the service strips trailing dots and spaces before it looks at the type)'
			: '';
	if (ext === 'svgz') {
		return {
			reason: `"${fileName}" is a compressed SVG (.svgz)${trailing}, and the service refuses .svgz files`,
			fix: 'Upload it uncompressed as .svg (at most 5 MiB), or converted to PDF or PNG.',
		};
	}
	if (REFUSED_EXTENSIONS.has(ext)) {
		return {
			reason: `"${fileName}" is a .${ext} file${trailing}, and the service refuses HTML, script and executable files`,
			fix: 'Send it inside an archive (.zip) or converted to PDF instead.',
		};
	}
	if (ext === 'svg' && size > SVG_LIMIT_BYTES) {
		return {
			reason: `"${fileName}" is an SVG of ${size} bytes, above the service's SVG limit of ${SVG_LIMIT_BYTES} bytes (5 MiB)`,
			fix: 'Convert it to PDF or PNG, or simplify it.',
		};
	}
	return undefined;
}
