import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ExtractionPage, Stretch } from '../pageStream';
import { AUTO_PART_MIB, type OutputSettings } from '../outputField';
import { ByteSource } from '../../../../shared/n8nInternals/byteSource';
import { csvEncoder, ndjsonEncoder } from './encoders';
import { PageBytes } from './fileDecoder';
import { gzip } from './gzip';
import { PageCursor, type PartCap, type Shape } from './pageCursor';
import { partFileName } from './fileNames';
import { FileSummary } from './summary';

type FileSettings = Extract<OutputSettings, { mode: 'file' }>;

interface FileTarget {
	/** e.g. `time-registrations_2026-01-01_2026-02-01`. */
	baseName: string;
	shape?: Shape;
	itemIndex: number;
	/** The file's stretch of the window as its item says it (node version 2). */
	stretch?: (stretch: Stretch) => IDataObject;
}

/**
 * Writes the records of `pages` (at most `limit`) into n8n's binary data as they arrive, as one
 * file or as parts, each a complete file (CSV header, own gzip stream). A page is encoded only when
 * the store asks for more, so memory holds about two pages (plus the part, where the store
 * collects files in memory). A failed page fails the run; n8n deletes stored parts with the execution.
 */
export async function extractToFile(
	this: IExecuteFunctions,
	pages: AsyncGenerator<ExtractionPage>,
	limit: number,
	settings: FileSettings,
	target: FileTarget,
): Promise<INodeExecutionData[]> {
	const encoder = settings.format === 'csv' ? csvEncoder() : ndjsonEncoder();
	const split = settings.parts;
	const cap: PartCap = {
		records: split.by === 'records' ? split.records : Infinity,
		bytes: split.by === 'size' ? split.bytes : Infinity,
	};
	// Automatic: parts only where the store collects the file in memory (see ByteSource).
	let keeps = false;
	const decide = (collects: boolean) => {
		keeps = collects && !settings.compress;
		if (collects && split.by === 'auto') cap.bytes = AUTO_PART_MIB * 1024 * 1024;
	};
	const inParts = () => cap.records < Infinity || cap.bytes < Infinity;
	const extension = `${encoder.extension}${settings.compress ? '.gz' : ''}`;
	const mimeType = settings.compress ? 'application/gzip' : encoder.mimeType;
	const cursor = new PageCursor(pages, limit, encoder, target.shape);
	const parts: Array<{ binary: IBinaryData; summary: FileSummary }> = [];
	try {
		do {
			const summary = new FileSummary(settings.format, settings.compress);
			const lent = PageBytes.handOver(readAhead(cursor.part(summary, cap)), () => keeps);
			const bytes = settings.compress ? readAhead(gzip(lent)) : lent;
			const binary = await this.helpers.prepareBinaryData(
				new ByteSource(bytes, decide).asReadable(),
				// Renamed at the end if it stays alone.
				partFileName(target.baseName, extension, parts.length + 1, inParts()),
				mimeType,
			);
			parts.push({ binary, summary });
		} while (inParts() && (await cursor.hasMore()));
	} finally {
		await cursor.close();
	}
	const several = parts.length > 1;
	return parts.map(({ binary, summary }, index) => {
		binary.fileName = partFileName(target.baseName, extension, index + 1, several);
		const json = summary.toJSON(binary.bytes ?? summary.bytes);
		if (several) Object.assign(json, { part: index + 1, parts: parts.length });
		if (target.stretch) json.stretch = target.stretch(summary.stretch);
		return {
			json,
			binary: { [settings.binaryProperty]: binary },
			pairedItem: { item: target.itemIndex },
		};
	});
}

/** Asks `source` for the next value as soon as this one is handed over (while the store writes it); one ahead. */
async function* readAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
	let next = source.next();
	try {
		for (let current = await next; !current.done; current = await next) {
			next = source.next();
			// Observed now: an error of a value no one asks for is never an unhandled rejection.
			next.catch(() => undefined);
			yield current.value;
		}
	} finally {
		// Stopped early: end the source, after the value it is producing.
		await source.return(undefined).catch(() => undefined);
	}
}
