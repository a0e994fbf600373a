import type { IDataObject } from 'n8n-workflow';

import type { ScannedPage } from './pageScan';
import type { RecordEncoder } from './encoder';

/** One JSON record per line (newline-delimited JSON), each line ending with "\n". */
export function ndjsonEncoder(): RecordEncoder {
	return {
		extension: 'ndjson',
		mimeType: 'application/x-ndjson',
		page(records: IDataObject[]): string {
			let text = '';
			for (const record of records) text += JSON.stringify(record) + '\n';
			return text;
		},
		// Each line is the record's own JSON text from the page: it parses to the very values item mode outputs.
		lines: (page: ScannedPage, count: number) => page.takeLines(count),
	};
}
