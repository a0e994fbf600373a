import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData, IDataObject, INodeExecutionData } from 'n8n-workflow';
import { gunzipSync } from 'node:zlib';

/** The bytes of a file the node output, from whichever binary data mode holds them. */
export async function fileBytes(item: INodeExecutionData, property = 'data'): Promise<Buffer> {
	const binary = item.binary?.[property] as IBinaryData | undefined;
	if (!binary) throw new Error(`the item has no binary "${property}"`);
	return await Container.get(BinaryDataService).getAsBuffer(binary);
}

/** The records of an NDJSON file (gunzipped first when `gzip`). */
export async function ndjsonRecords(
	item: INodeExecutionData,
	gzip = false,
): Promise<IDataObject[]> {
	let bytes = await fileBytes(item);
	if (gzip) bytes = gunzipSync(bytes);
	const text = bytes.toString('utf8');
	if (text === '') return [];
	expect(text.endsWith('\n')).toBe(true);
	return text
		.slice(0, -1)
		.split('\n')
		.map((line) => JSON.parse(line) as IDataObject);
}

/** A small RFC 4180 reader for the tests: rows of fields. */
export function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let field = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') {
				field += '"';
				i++;
			} else if (c === '"') quoted = false;
			else field += c;
		} else if (c === '"') quoted = true;
		else if (c === ',') {
			row.push(field);
			field = '';
		} else if (c === '\r' && text[i + 1] === '\n') {
			row.push(field);
			rows.push(row);
			row = [];
			field = '';
			i++;
		} else field += c;
	}
	if (field !== '' || row.length) throw new Error('CSV does not end with CRLF');
	return rows;
}

/**
 * The summary item beside an uncompressed NDJSON file of `records`, none deleted, as the node must
 * output it; `more` adds or overrides fields (records, pages, part, parts).
 */
export function ndjsonSummary(
	item: INodeExecutionData,
	records: IDataObject[],
	more: IDataObject,
): IDataObject {
	const modified = records.map((r) => Date.parse(r.modifiedDateTime as string));
	return {
		records: records.length,
		deletedRecords: 0,
		bytes: item.binary!.data.bytes,
		uncompressedBytes: item.binary!.data.bytes,
		firstModified: records[modified.indexOf(Math.min(...modified))].modifiedDateTime,
		lastModified: records[modified.indexOf(Math.max(...modified))].modifiedDateTime,
		format: 'ndjson',
		compressed: false,
		...more,
	};
}
