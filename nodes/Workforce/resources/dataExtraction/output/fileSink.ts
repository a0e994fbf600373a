import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ExtractionPage } from '../../../../shared/extraction/extractionPage';
import type { PaginateOptions } from '../../../../shared/extraction/pageLoop';
import { PageBuffers } from '../../../../shared/extraction/pageBuffers';
import type { OutputSettings } from '../outputField';
import { ByteSource } from './byteSource';
import { csvEncoder } from './csv';
import type { RecordEncoder } from './encoder';
import { gzip } from './gzip';
import { ndjsonEncoder } from './ndjson';
import { readAhead } from './readAhead';
import { FileSummary, SUMMARY_FIELDS } from './summary';

export interface FileTarget {
	/** Start of the file name: what was read and its window, e.g. `time-registrations_2026-01-01_2026-02-01`. */
	baseName: string;
	/** One record as item mode would output it (page facts added, for instance); absent when records go out as they came. */
	shape?: (record: IDataObject, page: ExtractionPage) => IDataObject;
	itemIndex: number;
}

/**
 * The fields to note when the paginator scans pages for this file (NDJSON of the records as they
 * came), or undefined when the records must be objects (CSV, or records shaped for output).
 */
export function scanFor(
	settings: Extract<OutputSettings, { mode: 'file' }>,
	shaped: boolean,
): PaginateOptions['scan'] {
	if (settings.format !== 'ndjson' || shaped) return undefined;
	return { fields: SUMMARY_FIELDS, buffers: new PageBuffers() };
}

/**
 * Writes the records of `pages` (at most `limit`) into one file in n8n's binary data while they
 * arrive: each page is encoded (and compressed) only when the store asks for more, so at most
 * the page in hand and the one prefetched are in memory, never the file (except in the binary
 * modes that keep files in memory or in one database row, which is n8n's choice). A page that
 * fails fails the write, and the store keeps nothing: no item is output.
 */
export async function extractToFile(
	this: IExecuteFunctions,
	pages: AsyncGenerator<ExtractionPage>,
	limit: number,
	settings: Extract<OutputSettings, { mode: 'file' }>,
	target: FileTarget,
): Promise<INodeExecutionData> {
	const encoder: RecordEncoder = settings.format === 'csv' ? csvEncoder() : ndjsonEncoder();
	const summary = new FileSummary(settings.format, settings.compress);
	// What to do once a chunk is written: give its page's buffer back for the next pages.
	const written = new WeakMap<Uint8Array, () => void>();
	// The next page is encoded (and compressed) while the store writes this one.
	const text = readAhead(encodePages(pages, limit, encoder, summary, target.shape, written));
	// Compressing, zlib reads copies: a page's buffer is free again once copied.
	const bytes = settings.compress ? readAhead(gzip(text, (chunk) => written.get(chunk)?.())) : text;
	const fileName = `${target.baseName}.${encoder.extension}${settings.compress ? '.gz' : ''}`;
	const mimeType = settings.compress ? 'application/gzip' : encoder.mimeType;
	const binary: IBinaryData = await this.helpers.prepareBinaryData(
		new ByteSource(bytes, (chunk) => written.get(chunk)?.()).asReadable(),
		fileName,
		mimeType,
	);
	binary.fileName = fileName;
	return {
		json: summary.toJSON(binary.bytes ?? summary.bytes),
		binary: { [settings.binaryProperty]: binary },
		pairedItem: { item: target.itemIndex },
	};
}

const utf8 = new TextEncoder();

async function* encodePages(
	pages: AsyncGenerator<ExtractionPage>,
	limit: number,
	encoder: RecordEncoder,
	summary: FileSummary,
	shape: FileTarget['shape'],
	written: WeakMap<Uint8Array, () => void>,
): AsyncGenerator<Uint8Array> {
	let taken = 0;
	// Leaving the loop (limit reached, or the store stopped reading) ends the paginator: no page is asked for in vain.
	for await (const page of pages) {
		const room = Math.min(page.recordsOnPage, limit - taken);
		taken += room;
		let text: string | Uint8Array;
		const scanned = page.scanned;
		if (scanned && !shape && encoder.lines) {
			// The records as they came, cut from the page's bytes: never objects (see shared/page-scan.ts).
			summary.addScanned(scanned, room);
			text = encoder.lines(scanned, room);
			// Written lines free the page's buffer (reached only when the store says so, see ByteSource).
			if (text.byteLength > 0) written.set(text, () => scanned.release());
			else scanned.release();
		} else {
			let records = room === page.recordsOnPage ? page.records : page.records.slice(0, room);
			if (shape) records = records.map((record) => shape(record, page));
			summary.addPage(records);
			text = encoder.page(records);
		}
		const chunk = typeof text === 'string' ? utf8.encode(text) : text;
		summary.bytes += chunk.byteLength;
		if (chunk.byteLength > 0) yield chunk;
		if (taken >= limit) break;
	}
}
