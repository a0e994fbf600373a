import { readBytes, readText } from '../../../../nodes/shared/transport/body';

/** A chunk in its own buffer, as Node's HTTP client hands each piece of a response body over. */
function ownChunk(text: string, size = 64 * 1024): Buffer {
	const chunk = Buffer.allocUnsafeSlow(size);
	chunk.fill(text);
	return chunk;
}

async function* stream(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
	for (const chunk of chunks) yield chunk;
}

// The chunks belong to whoever handed them over (n8n's request helper, a tee, a logger): reading a
// body copies their bytes and leaves them whole, so another reader of the same chunks loses nothing.
describe('Reading a body leaves the received chunks as they were', () => {
	it('bytes: the page holds every byte in order and every chunk still holds its own', async () => {
		const chunks = [ownChunk('a'), ownChunk('b'), ownChunk('c', 10_000)];
		const copies = chunks.map((chunk) => Buffer.from(chunk));
		const page = await readBytes(stream(chunks), 0, (size) => Buffer.allocUnsafeSlow(size));
		expect(page.equals(Buffer.concat(copies))).toBe(true);
		chunks.forEach((chunk, i) => expect(chunk.equals(copies[i])).toBe(true));
	});

	it('text: the page decodes every chunk and every chunk still holds its own', async () => {
		const chunks = [ownChunk('x'), ownChunk('y', 9_000)];
		const copies = chunks.map((chunk) => Buffer.from(chunk));
		const text = await readText(stream(chunks), 0);
		expect(text).toBe(Buffer.concat(copies).toString('utf8'));
		chunks.forEach((chunk, i) => expect(chunk.equals(copies[i])).toBe(true));
	});
});
