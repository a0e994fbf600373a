import busboy from 'busboy';

import { ApiError, errorBody, validationError } from '../core/apiError';
import type { EmuRequest } from '../core/router';

/** One file part of a multipart request. */
export interface UploadedPart {
	field: string;
	fileName: string;
	mimeType: string;
	bytes: Buffer;
}

/**
 * Parses a multipart/form-data body with busboy while it streams in, counting every byte of the
 * request: above `maxBytes` the request is refused with 413 as soon as the limit is passed (the
 * declared Content-Length is checked first), never after buffering the whole body.
 */
export async function parseMultipart(req: EmuRequest, maxBytes: number): Promise<UploadedPart[]> {
	const contentType = String(req.headers['content-type'] ?? '');
	if (!/^multipart\/form-data/i.test(contentType)) {
		throw validationError(
			'file',
			'The request must be multipart/form-data with one or more parts named file.',
			'UnsupportedMediaType',
		);
	}
	const declared = Number(req.headers['content-length'] ?? 0);
	if (declared > maxBytes) throw tooLarge(maxBytes);

	const raw = req.raw;
	return await new Promise<UploadedPart[]>((resolve, reject) => {
		const parts: UploadedPart[] = [];
		let received = 0;
		let failed = false;
		let parser: busboy.Busboy;
		try {
			// Non-ASCII names arrive as raw UTF-8 inside filename="..." (browsers, axios) or as filename*.
			parser = busboy({
				headers: req.headers,
				defParamCharset: 'utf8',
				limits: { parts: 1000, fields: 100 },
			});
		} catch (error) {
			reject(
				validationError(
					'file',
					`The multipart body cannot be read: ${(error as Error).message}`,
					'InvalidMultipart',
				),
			);
			return;
		}
		const fail = (error: ApiError) => {
			if (failed) return;
			failed = true;
			raw.unpipe(parser);
			parser.removeAllListeners();
			parser.on('error', () => undefined);
			reject(error);
		};
		const onData = (chunk: Buffer) => {
			received += chunk.length;
			if (received > maxBytes) {
				raw.off('data', onData);
				fail(tooLarge(maxBytes));
			}
		};
		raw.on('data', onData);
		parser.on('file', (field, stream, info) => {
			const chunks: Buffer[] = [];
			stream.on('data', (chunk: Buffer) => {
				if (!failed) chunks.push(chunk);
			});
			stream.on('end', () => {
				if (failed) return;
				parts.push({
					field,
					fileName: info.filename ?? '',
					mimeType: info.mimeType || 'application/octet-stream',
					bytes: Buffer.concat(chunks),
				});
			});
		});
		parser.on('error', (error: Error) =>
			fail(
				validationError(
					'file',
					`The multipart body cannot be read: ${error.message}`,
					'InvalidMultipart',
				),
			),
		);
		parser.on('close', () => {
			raw.off('data', onData);
			if (!failed) resolve(parts);
		});
		raw.pipe(parser);
	});
}

/** 413 with the standard error body (the same answer the server gives any oversized body). */
export function tooLarge(maxBytes: number): ApiError {
	return new ApiError(
		413,
		errorBody(`The request is larger than ${maxBytes} bytes.`, [
			{
				category: 'RequestTooLarge',
				code: 'PayloadTooLarge',
				field: '',
				message: `Maximum request size is ${maxBytes} bytes.`,
			},
		]),
	);
}
