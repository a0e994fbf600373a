/**
 * The text of each record of an extraction page, cut from the page's JSON as the service sent it:
 * `{"data":[{...},{...}],...}` -> the `{...}` parts. Writing these is what JSON.stringify of the
 * parsed records would give, without doing that work again (it costs as much as the parse).
 * Undefined when the page is not laid out so (no `data` array of objects at the top, or line
 * breaks between tokens, which an NDJSON line may not hold): the caller then stringifies.
 */
export function rawRecords(text: string, expected: number): string[] | undefined {
	const out: string[] = [];
	let depth = 0;
	let inString = false;
	let stringStart = -1;
	let lastKey = '';
	let inData = false;
	let recordStart = -1;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (inString) {
			if (c === BACKSLASH) i++;
			else if (c === QUOTE) {
				inString = false;
				if (depth === 1) lastKey = text.slice(stringStart + 1, i);
			}
			continue;
		}
		switch (c) {
			case QUOTE:
				inString = true;
				stringStart = i;
				break;
			case OPEN_BRACE:
			case OPEN_BRACKET:
				depth++;
				if (depth === 2 && c === OPEN_BRACKET && lastKey === 'data') inData = true;
				else if (inData && depth === 3) {
					if (c !== OPEN_BRACE) return undefined;
					recordStart = i;
				}
				break;
			case CLOSE_BRACE:
			case CLOSE_BRACKET:
				if (inData && depth === 3) out.push(text.slice(recordStart, i + 1));
				else if (inData && depth === 2) inData = false;
				depth--;
				break;
			case NEWLINE:
			case RETURN:
				if (inData && depth >= 3) return undefined;
				break;
			case COLON:
			case COMMA:
				// A value at the top level is not a key: only a string followed by ':' names the next value.
				if (depth === 1 && c === COMMA) lastKey = '';
				break;
		}
	}
	return out.length === expected ? out : undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const COLON = 0x3a;
const COMMA = 0x2c;
