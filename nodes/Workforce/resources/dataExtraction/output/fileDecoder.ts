import {
	jsonPages,
	type DecodedPage,
	type PageDecoder,
} from '../../../../shared/extraction/pageDecoder';
import { PageBuffers } from './pageBuffers';
import { scanPage, type ScannedPage } from './pageScan';
import type { OutputSettings } from '../outputField';
import { SUMMARY_FIELDS } from './summary';

/** A page as the File output reads it: scanned when the scan took it, otherwise parsed. */
export interface FilePage extends DecodedPage {
	/** Its records as spans of its bytes, not objects (see pageScan.ts). */
	scanned?: ScannedPage;
}

/**
 * How the page loop reads pages for this file: NDJSON of the records as they came is written
 * from the pages' own bytes, read into buffers the run reuses (PageBuffers) and scanned for the
 * summary's fields; a page the scan declines is parsed as usual. Undefined (the loop parses every
 * page) when the records must be objects: CSV, or records shaped for output.
 */
export function fileDecoder(
	settings: Extract<OutputSettings, { mode: 'file' }>,
	shaped: boolean,
): PageDecoder<FilePage> | undefined {
	if (settings.format !== 'ndjson' || shaped) return undefined;
	const buffers = new PageBuffers();
	return {
		bytes: (size) => buffers.take(size),
		decode(raw) {
			if (typeof raw === 'string') return jsonPages.decode(raw);
			// The page's buffer goes back to the run's buffers once its lines are written.
			const scanned = scanPage(raw, SUMMARY_FIELDS, () => buffers.give(raw));
			if (scanned)
				return {
					count: scanned.count,
					get records() {
						return scanned.records();
					},
					envelope: scanned.envelope,
					scanned,
				};
			// Declined by the scan: parsed from text, so its buffer is free again at once.
			const page = jsonPages.decode(raw);
			buffers.give(raw);
			return page;
		},
	};
}
