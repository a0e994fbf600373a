import { readBytes, readText } from '../../../nodes/shared/transport/body';

/** A chunk in its own buffer, as Node's HTTP client hands each piece of a response body over. */
function ownChunk(text: string, size = 64 * 1024): Buffer {
	const chunk = Buffer.allocUnsafeSlow(size);
	chunk.fill(text);
	return chunk;
}

async function* stream(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
	for (const chunk of chunks) yield chunk;
}

const detached = (chunk: Uint8Array) => chunk.buffer.byteLength === 0;

describe('Received chunks are freed once their bytes are copied (no 64 MB pile-up outside the heap)', () => {
	it('bytes: each chunk that owns its buffer is freed after the copy, and the page holds every byte in order', async () => {
		const chunks = [ownChunk('a'), ownChunk('b'), ownChunk('c', 10_000)];
		const expected = Buffer.concat(chunks);
		const page = await readBytes(stream(chunks), 0, (size) => Buffer.allocUnsafeSlow(size));
		expect(page.equals(expected)).toBe(true);
		expect(chunks.map(detached)).toEqual([true, true, true]);
	});

	it('bytes: a slice of a larger buffer, a small chunk (maybe from Node’s shared pool) and a whole body are left alone', async () => {
		const shared = ownChunk('s', 200_000);
		const slice = shared.subarray(0, 100_000);
		const small = Buffer.from('{"data":[]}');
		const whole = ownChunk('w');
		const page = await readBytes(stream([slice, small]), 0);
		expect(
			page.equals(Buffer.concat([shared.subarray(0, 100_000), Buffer.from('{"data":[]}')])),
		).toBe(true);
		expect(shared.buffer.byteLength).toBe(200_000);
		expect(shared.subarray(100_000).every((byte) => byte === 's'.charCodeAt(0))).toBe(true);
		expect(detached(small)).toBe(false);
		// A body n8n gave whole is the caller's: copied, never freed.
		const copy = await readBytes(whole, 0);
		expect(copy.equals(whole)).toBe(true);
		expect(detached(whole)).toBe(false);
	});

	it('text: each chunk is freed once decoded, and a character split across two chunks is decoded whole', async () => {
		const text = `${'x'.repeat(70_000)}é${'y'.repeat(70_000)}`;
		const bytes = Buffer.from(text);
		const cut = 70_001; // inside the two bytes of "é"
		const first = Buffer.allocUnsafeSlow(cut);
		bytes.copy(first, 0, 0, cut);
		const second = Buffer.allocUnsafeSlow(bytes.length - cut);
		bytes.copy(second, 0, cut);
		expect(await readText(stream([first, second]), 0)).toBe(text);
		expect([first, second].map(detached)).toEqual([true, true]);
	});
});
