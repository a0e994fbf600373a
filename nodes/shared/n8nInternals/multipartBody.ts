import { randomBytes } from 'node:crypto';

/**
 * Relies on: n8n's HTTP client (axios, under n8n-core's `httpRequestWithAuthentication`) encodes a
 * body shaped like a spec-compliant FormData (`Symbol.toStringTag` 'FormData', `entries()`,
 * parts with `stream()`) as a streamed multipart body with an exact Content-Length; n8n's typed
 * body takes a FormData, and a real one would hold every file in memory. Such a body is sent once:
 * n8n does not repeat it after renewing a token, so uploads handle a 401 themselves. Proven on
 * n8n 2.41.1 (test/nodes/document through n8n-core, test/e2e/document.e2e.ts) and by the smoke
 * suite on 2.3.6 and 1.123.81.
 */

/** One file of an upload: its bytes come from `open()`, afresh for every attempt. */
export interface UploadFile {
	fileName: string;
	mimeType: string;
	size: number;
	open: () => AsyncIterable<Uint8Array>;
}

/**
 * A file part in the shape of a spec-compliant Blob (name, type, size, stream()), so the HTTP
 * client streams it chunk by chunk instead of copying it into memory.
 */
class StreamedPart {
	constructor(
		readonly name: string,
		readonly type: string,
		readonly size: number,
		private readonly source: () => AsyncIterable<Uint8Array>,
	) {}

	stream(): AsyncIterable<Uint8Array> {
		return this.source();
	}
}

/**
 * A multipart/form-data body in the shape of a spec-compliant FormData, which the HTTP client
 * n8n uses (axios) encodes as a stream with an exact Content-Length. Single use: build a new one
 * for every attempt.
 */
export class MultipartBody {
	readonly parts: Array<[string, StreamedPart]> = [];
	readonly boundary = `workforce-upload-${randomBytes(12).toString('hex')}`;

	get [Symbol.toStringTag]() {
		return 'FormData';
	}

	append(name: string, part: StreamedPart) {
		this.parts.push([name, part]);
	}

	entries(): IterableIterator<[string, StreamedPart]> {
		return this.parts[Symbol.iterator]();
	}

	[Symbol.iterator](): IterableIterator<[string, StreamedPart]> {
		return this.entries();
	}

	get contentType(): string {
		return `multipart/form-data; boundary=${this.boundary}`;
	}

	/** Bytes on the wire: boundaries, part headers, contents and the closing boundary. */
	get byteLength(): number {
		let total = Buffer.byteLength(`--${this.boundary}--\r\n`);
		for (const [name, part] of this.parts) {
			total += Buffer.byteLength(`--${this.boundary}\r\n`);
			total += Buffer.byteLength(partHeaders(name, part));
			total += part.size + 2;
		}
		return total;
	}
}

/** Every file as a part named `file`, with its original name and MIME type. */
export function buildMultipart(files: UploadFile[]): MultipartBody {
	const body = new MultipartBody();
	for (const file of files)
		body.append('file', new StreamedPart(file.fileName, file.mimeType, file.size, file.open));
	return body;
}

function partHeaders(name: string, part: StreamedPart): string {
	const type = String(part.type || 'application/octet-stream').replace(/[\r\n]/g, '');
	return `Content-Disposition: form-data; name="${escapeName(name)}"; filename="${escapeName(part.name)}"\r\nContent-Type: ${type}\r\n\r\n`;
}

/** Quotes, CR and LF are percent-escaped inside the quoted header values (WHATWG form encoding). */
function escapeName(value: string): string {
	return value.replace(/[\r\n"]/g, (c) => ({ '\r': '%0D', '\n': '%0A', '"': '%22' })[c] as string);
}
