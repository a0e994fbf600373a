/** Resource locator values as the n8n editor stores them. */
export function byId(value: string) {
	return { __rl: true, mode: 'id', value };
}

export function byNumber(value: string, mode = 'projectNumber') {
	return { __rl: true, mode, value };
}

export function fromList(value: string) {
	return { __rl: true, mode: 'list', value };
}

/** A mapped value that resolves to nothing (n8n itself stops a literal empty required parameter). */
export const MAPPED_EMPTY = '={{ $json.missing ?? "" }}';
