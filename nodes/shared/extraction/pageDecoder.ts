import type { IDataObject } from 'n8n-workflow';

/**
 * How the page loop turns an answer into a page: given by the caller, JSON parsing by default.
 * The loop reads the envelope's continuation token and counts records; what a page holds beyond
 * that (objects, or bytes a File output scans) is the decoder's business.
 */

/** One page as decoded. */
export interface DecodedPage {
	/** How many records the page holds. */
	readonly count: number;
	/** The records as objects (a decoder may build them only when first read). */
	readonly records: IDataObject[];
	/** The page's top-level fields besides its records (continuationToken, syncTypeName, ...). */
	readonly envelope: IDataObject;
}

export interface PageDecoder<P extends DecodedPage = DecodedPage> {
	/** Read the answer as bytes into a buffer of exactly `size` bytes from here, instead of as text. */
	bytes?: (size: number) => Buffer;
	/** The page, or undefined when the answer is not a JSON object. */
	decode(raw: string | Buffer): P | undefined;
}

/** The default: the answer read as text and parsed. */
export const jsonPages: PageDecoder = {
	decode: (raw) => parsedPage(typeof raw === 'string' ? raw : utf8.decode(raw)),
};

/** Decodes as the text reader does (a byte order mark dropped, invalid bytes replaced). */
const utf8 = new TextDecoder('utf-8');

/** The page's records and envelope, parsed from its text; undefined when it is not a JSON object. */
export function parsedPage(text: string): DecodedPage | undefined {
	let value: unknown;
	try {
		value = JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
	const body = value as IDataObject;
	const records = Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
	return { count: records.length, records, envelope: body };
}
