import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ExtractionPage } from '../extractionPage';
import { AUTO_PART_MIB, type OutputSettings } from '../outputField';
import { ByteSource } from '../../../../shared/n8nInternals/byteSource';
import { csvEncoder } from './csv';
import type { RecordEncoder } from './encoder';
import { gzip } from './gzip';
import { ndjsonEncoder } from './ndjson';
import { PageCursor, type PendingPage } from './pageCursor';
import { partFileName } from './partFileName';
import { readAhead } from './readAhead';
import type { FilePage } from './fileDecoder';
import { FileSummary } from './summary';
import type { Stretch } from '../resume';

type FileSettings = Extract<OutputSettings, { mode: 'file' }>;

export interface FileTarget {
	/** Start of the file name: what was read and its window, e.g. `time-registrations_2026-01-01_2026-02-01`. */
	baseName: string;
	/** One record as item mode would output it (page facts added, for instance); absent when records go out as they came. */
	shape?: (record: IDataObject, page: ExtractionPage<FilePage>) => IDataObject;
	itemIndex: number;
	/** The stretch of the window a file's records lie in, as its item says it (node version 2); absent in version 1. */
	stretch?: (stretch: Stretch) => IDataObject;
}

/** Where a part ends: after this many records, or before a page that would take its text over this many bytes. */
interface PartCap {
	records?: number;
	bytes?: number;
}

/**
 * Writes the records of `pages` (at most `limit`) into n8n's binary data while they arrive, as
 * one file or as parts (Split Into Parts), one output item per part in order. Each page is
 * encoded (and compressed) only when the store asks for more, so at most the page in hand and
 * the one read ahead are in memory, plus the part being written where the store holds a file in
 * memory (database, S3, in-memory modes: n8n's choice). Every part is a complete file: a CSV part
 * starts with the header, a gzip part is a gzip file of its own.
 *
 * A page that fails fails the run: no item is output. The store keeps nothing of the part being
 * written; parts stored before it stay in the execution's binary data, which n8n deletes with
 * the execution (a node has no helper to delete binary data). A run that stops part-way (issue
 * 34) ends its pages cleanly at a slice boundary instead: the part being written ends there as
 * a complete file and every part is output.
 */
export async function extractToFile(
	this: IExecuteFunctions,
	pages: AsyncIterable<ExtractionPage<FilePage>>,
	limit: number,
	settings: FileSettings,
	target: FileTarget,
): Promise<INodeExecutionData[]> {
	const encoder: RecordEncoder = settings.format === 'csv' ? csvEncoder() : ndjsonEncoder();
	const split = settings.parts;
	let cap: PartCap | undefined =
		split.by === 'records'
			? { records: split.records }
			: split.by === 'size'
				? { bytes: split.bytes }
				: undefined;
	// Automatic: decided by how the store reads the first part (see ByteSource): parts only where it holds a file in memory.
	let decided = split.by !== 'auto';
	const decide = (collects: boolean) => {
		if (decided) return;
		decided = true;
		if (collects) cap = { bytes: AUTO_PART_MIB * 1024 * 1024 };
	};
	const cursor = new PageCursor(pages, limit, target.shape);
	const extension = `${encoder.extension}${settings.compress ? '.gz' : ''}`;
	const mimeType = settings.compress ? 'application/gzip' : encoder.mimeType;
	// What to do once a chunk is written: give its page's buffer back for the next pages.
	const written = new WeakMap<Uint8Array, () => void>();
	const release = (chunk: Uint8Array) => written.get(chunk)?.();
	const parts: Array<{ binary: IBinaryData; summary: FileSummary }> = [];
	try {
		do {
			const summary = new FileSummary(settings.format, settings.compress);
			// The next page is encoded (and compressed) while the store writes this one.
			const text = readAhead(writePart(cursor, encoder, summary, () => cap, written));
			// Compressing, zlib reads copies: a page's buffer is free again once copied.
			const bytes = settings.compress ? readAhead(gzip(text, release)) : text;
			// Named as a part when it is not the only one; the first is renamed at the end if it stays alone.
			const fileName = partFileName(
				target.baseName,
				extension,
				parts.length + 1,
				cap !== undefined,
			);
			const binary = await this.helpers.prepareBinaryData(
				new ByteSource(bytes, release, decide).asReadable(),
				fileName,
				mimeType,
			);
			parts.push({ binary, summary });
		} while (cap !== undefined && (await cursor.hasMore()));
	} finally {
		// Ends the paginator when the run failed or stopped early: no page is asked for in vain.
		await cursor.close();
	}
	const several = parts.length > 1;
	return parts.map(({ binary, summary }, index) => {
		binary.fileName = partFileName(target.baseName, extension, index + 1, several);
		const json = summary.toJSON(binary.bytes ?? summary.bytes);
		// A run in one file outputs what it did before parts existed.
		if (several) Object.assign(json, { part: index + 1, parts: parts.length });
		if (target.stretch) json.stretch = target.stretch(summary.stretch);
		return {
			json,
			binary: { [settings.binaryProperty]: binary },
			pairedItem: { item: target.itemIndex },
		};
	});
}

const utf8 = new TextEncoder();

/**
 * The text of one part: records from the cursor until the cap (read at every page: Automatic
 * sets it when the store starts reading) is reached or the records end. A part never needs a
 * later page to be complete: it ends at a record boundary, with the CSV header at its start.
 */
async function* writePart(
	cursor: PageCursor,
	encoder: RecordEncoder,
	summary: FileSummary,
	capOf: () => PartCap | undefined,
	written: WeakMap<Uint8Array, () => void>,
): AsyncGenerator<Uint8Array> {
	let records = 0;
	let started = false;
	let headed = false;
	for (;;) {
		const cap = capOf();
		if (cap?.records !== undefined && records >= cap.records) return;
		const pending = await cursor.peek();
		if (!pending) return;
		const left = pending.to - pending.from;
		const count = cap?.records !== undefined ? Math.min(left, cap.records - records) : left;
		const chunk = pieceOf(pending, count, encoder);
		let header: Uint8Array | undefined;
		if (!headed && count > 0 && encoder.header) header = utf8.encode(encoder.header());
		const size = chunk.byteLength + (header?.byteLength ?? 0);
		// By size: the page goes to the next part when this one holds records already (its text stays cached).
		if (cap?.bytes !== undefined && started && summary.bytes + size > cap.bytes) return;
		summary.within(pending.page.stretch);
		// Counted before the bytes are handed over: a scanned page's buffer is reused once written.
		if (pending.scanned) summary.addScanned(pending.scanned, count, pending.from);
		else summary.addPage(pending.recordsFrom(pending.from, count));
		summary.bytes += size;
		records += count;
		started ||= count > 0;
		const last = pending.from + count === pending.to;
		cursor.advance(count);
		if (last && pending.scanned) {
			// Only the page's last piece gives its buffer back, once written (see ByteSource).
			const scanned = pending.scanned;
			if (chunk.byteLength > 0) written.set(chunk, () => scanned.release());
			else scanned.release();
		}
		if (header && header.byteLength > 0) {
			headed = true;
			yield header;
		}
		if (chunk.byteLength > 0) yield chunk;
	}
}

/** The text of the pending page's next `count` records (its whole rest is encoded once, then cut). */
function pieceOf(pending: PendingPage, count: number, encoder: RecordEncoder): Uint8Array {
	if (pending.scanned && encoder.lines) {
		// The records as they came, cut from the page's bytes: never objects (see shared/extraction/pageScan.ts).
		pending.lines ??= encoder.lines(pending.scanned, pending.to);
		return pending.linesPiece(count);
	}
	if (count === pending.to - pending.from) {
		pending.text ??= toBytes(encoder.page(pending.recordsFrom(pending.from, count)));
		return pending.text;
	}
	return toBytes(encoder.page(pending.recordsFrom(pending.from, count)));
}

function toBytes(text: string | Uint8Array): Uint8Array {
	return typeof text === 'string' ? utf8.encode(text) : text;
}
