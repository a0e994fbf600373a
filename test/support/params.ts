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
