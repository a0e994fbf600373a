/**
 * Token peek (for read-ahead): the next page's token read from the end of this page's text before the page is
 * parsed, so its request can leave first. Only a hint; the parsed envelope decides.
 */

/** The envelope follows the records: its end is enough to find the token in a page's bytes. */
const TAIL_BYTES = 16_384;

const TOKEN_KEY = '"continuationToken"';
const JSON_SPACE = /\s/;

/** The token a page's raw answer announces, without parsing the page; undefined when none is found. */
export function peekNextToken(raw: string | Buffer): string | undefined {
	return peekToken(
		typeof raw === 'string' ? raw : raw.toString('utf8', Math.max(0, raw.length - TAIL_BYTES)),
	);
}

/**
 * The last `"continuationToken"` key followed by a JSON string. The token's own content is never
 * looked at.
 */
function peekToken(text: string): string | undefined {
	const at = text.lastIndexOf(TOKEN_KEY);
	if (at < 0) return undefined;
	let i = at + TOKEN_KEY.length;
	while (i < text.length && JSON_SPACE.test(text[i])) i++;
	if (text[i] !== ':') return undefined;
	i++;
	while (i < text.length && JSON_SPACE.test(text[i])) i++;
	if (text[i] !== '"') return undefined;
	let end = i + 1;
	while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
	if (end >= text.length) return undefined;
	try {
		const value = JSON.parse(text.slice(i, end + 1)) as unknown;
		return typeof value === 'string' && value !== '' ? value : undefined;
	} catch {
		return undefined;
	}
}
