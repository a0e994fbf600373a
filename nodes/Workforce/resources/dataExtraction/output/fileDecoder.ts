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
	scanned?: ScannedPage;
}

/**
 * NDJSON of the records as they came: pages read into reused buffers and scanned, not parsed (a
 * page the scan declines is parsed). Undefined (JSON parsing) when records must be objects.
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
			const page = jsonPages.decode(raw);
			buffers.give(raw);
			return page;
		},
	};
}
