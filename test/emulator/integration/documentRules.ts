import { validationErrors, type ErrorItem } from '../core/apiError';
import { fieldError } from '../core/validate';
import type { UploadedPart } from './multipart';

/**
 * Extensions the service refuses (behaviour notes: HTML, script and executable files get 400).
 * Kept apart from the node's own copy on purpose: the emulator is the oracle, not a mirror.
 */
export const REFUSED_EXTENSIONS = new Set([
	// HTML
	'htm',
	'html',
	'xhtml',
	'shtml',
	'mht',
	'mhtml',
	'hta',
	// scripts
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
	// executables
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
	// compressed SVG (behaviour notes, "Documents: more")
	'svgz',
]);

/**
 * The name the service keeps: trailing dots and spaces are stripped before the extension is
 * checked (behaviour notes), so `report.exe.` is an `.exe` and `plan.pdf ` is stored as `plan.pdf`.
 */
export function normaliseFileName(fileName: string): string {
	return fileName.trim().replace(/[. ]+$/, '');
}

/** SVG files are limited to 5 MiB (behaviour notes). */
export const SVG_LIMIT_BYTES = 5 * 1024 * 1024;

export function extensionOf(fileName: string): string {
	const dot = fileName.lastIndexOf('.');
	return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** All-or-nothing: every part is checked before anything is stored. */
export function checkParts(parts: UploadedPart[]) {
	const errors: ErrorItem[] = [];
	if (!parts.some((p) => p.field.toLowerCase() === 'file')) {
		errors.push(fieldError('file', 'At least one part named file is required.'));
	}
	for (const part of parts) {
		if (part.field.toLowerCase() !== 'file') {
			errors.push(
				fieldError(
					part.field,
					`Unexpected part '${part.field}'; files must be sent in parts named file.`,
				),
			);
			continue;
		}
		const name = normaliseFileName(part.fileName);
		if (name === '') {
			errors.push(
				fieldError(
					'file',
					'Every file part needs a file name (one of only dots and spaces is none).',
				),
			);
			continue;
		}
		const ext = extensionOf(name);
		if (REFUSED_EXTENSIONS.has(ext)) {
			errors.push(
				fieldError(
					'file',
					`'${name}': files of type .${ext} are not allowed (HTML, script, executable and .svgz files are refused; trailing dots and spaces do not change the type).`,
					'FileTypeNotAllowed',
				),
			);
		} else if (ext === 'svg' && part.bytes.length > SVG_LIMIT_BYTES) {
			errors.push(
				fieldError(
					'file',
					`'${name}': SVG files are limited to ${SVG_LIMIT_BYTES} bytes (5 MiB).`,
					'FileTooLarge',
				),
			);
		}
	}
	if (errors.length) throw validationErrors(errors);
}
