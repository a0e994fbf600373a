import type { IDataObject } from 'n8n-workflow';

/** How the page loop turns an answer into a page (the caller's; JSON parsing by default). */

export interface DecodedPage {
	readonly count: number;
	/** A decoder may build them only when first read. */
	readonly records: IDataObject[];
	/** The page's top-level fields (continuationToken, syncTypeName, ...). */
	readonly envelope: IDataObject;
}

export interface PageDecoder {
	/** Read the answer as bytes into a buffer of exactly `size` bytes from here, instead of as text. */
	bytes?: (size: number) => Buffer;
	/** Undefined when the answer is not a JSON object. */
	decode(raw: string | Buffer): DecodedPage | undefined;
}

/** As the text reader (a byte order mark dropped, invalid bytes replaced). */
const utf8 = new TextDecoder('utf-8');

export const jsonPages: PageDecoder = {
	decode(raw) {
		let value: unknown;
		try {
			value = JSON.parse(typeof raw === 'string' ? raw : utf8.decode(raw)) as unknown;
		} catch {
			return undefined;
		}
		if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
		const body = value as IDataObject;
		const records = Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
		return { count: records.length, records, envelope: body };
	},
};
