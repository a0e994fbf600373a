import type { IDataObject } from 'n8n-workflow';

import type { PageText } from '../../../shared/continuation';
import type { RecordEncoder } from './encoder';
import { rawRecordLines } from './raw-lines';

/** One JSON record per line (newline-delimited JSON), each line ending with "\n". */
export function ndjsonEncoder(): RecordEncoder {
	return {
		extension: 'ndjson',
		mimeType: 'application/x-ndjson',
		page(records: IDataObject[], source?: PageText): string | Uint8Array {
			const lines = source && rawRecordLines(source, records);
			if (lines !== undefined) return lines;
			let text = '';
			for (const record of records) text += JSON.stringify(record) + '\n';
			return text;
		},
	};
}
