/**
 * Passes `source` on, asking it for the next value as soon as the current one is handed over:
 * while the store writes a chunk (in n8n's I/O threads), the next page is parsed and encoded.
 * One value ahead, never more, so memory stays bounded.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
	const iterator = source[Symbol.asyncIterator]();
	let next: Promise<IteratorResult<T>> | undefined = iterator.next();
	try {
		for (;;) {
			const current: IteratorResult<T> = await next;
			next = undefined;
			if (current.done) return;
			next = iterator.next();
			// Observed now, so an error of a value no one will ask for is never an unhandled rejection.
			next.catch(() => undefined);
			yield current.value;
		}
	} finally {
		// Stopped early (the store gave up, or this value failed): end the source, after the value it is producing.
		if (next) await iterator.return?.().catch(() => undefined);
	}
}
