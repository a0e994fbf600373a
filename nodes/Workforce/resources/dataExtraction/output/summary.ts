import type { IDataObject } from 'n8n-workflow';

import type { FileFormat } from '../outputField';

/** The fields that date a record, in order of preference (images carry their parent's). */
const MODIFIED_FIELDS = ['modifiedDateTime', 'parentModifiedDateTime', 'createdDateTime'];

/** What the file output item says about its file: counts and the span of modification times. */
export class FileSummary {
	records = 0;
	deletedRecords = 0;
	pages = 0;
	/** Bytes of text before compression. */
	bytes = 0;
	private first?: { at: number; text: string };
	private last?: { at: number; text: string };

	constructor(
		private readonly format: FileFormat,
		private readonly compressed: boolean,
	) {}

	addPage(records: IDataObject[]) {
		this.pages++;
		this.records += records.length;
		for (const record of records) {
			if (record.isDeleted === true) this.deletedRecords++;
			const text = modifiedOf(record);
			if (text === undefined) continue;
			const at = Date.parse(text);
			if (Number.isNaN(at)) continue;
			if (!this.first || at < this.first.at) this.first = { at, text };
			if (!this.last || at > this.last.at) this.last = { at, text };
		}
	}

	/** `fileBytes`: the size of the stored file (compressed when compressed). */
	toJSON(fileBytes: number): IDataObject {
		return {
			records: this.records,
			deletedRecords: this.deletedRecords,
			pages: this.pages,
			bytes: fileBytes,
			uncompressedBytes: this.bytes,
			firstModified: this.first?.text ?? null,
			lastModified: this.last?.text ?? null,
			format: this.format,
			compressed: this.compressed,
		};
	}
}

function modifiedOf(record: IDataObject): string | undefined {
	for (const field of MODIFIED_FIELDS) {
		const value = record[field];
		if (typeof value === 'string' && value !== '') return value;
	}
	return undefined;
}
