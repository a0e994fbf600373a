import type { IDataObject } from 'n8n-workflow';

import type { RecordEncoder } from './encoder';

/** One JSON record per line (newline-delimited JSON), each line ending with "\n". */
export function ndjsonEncoder(): RecordEncoder {
	return {
		extension: 'ndjson',
		mimeType: 'application/x-ndjson',
		usesText: true,
		page(records: IDataObject[], texts?: string[]): string {
			if (records.length === 0) return '';
			if (texts) return texts.join('\n') + '\n';
			let text = '';
			for (const record of records) text += JSON.stringify(record) + '\n';
			return text;
		},
	};
}
