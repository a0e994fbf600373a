import { ByteSource } from '../../../../nodes/shared/n8nInternals/byteSource';
import { PageBuffers } from '../../../../nodes/Workforce/resources/dataExtraction/output/fileDecoder';

async function* chunks(...texts: string[]): AsyncGenerator<Uint8Array> {
	for (const text of texts) yield Buffer.from(text);
}

describe('Output File: page buffers are reused only once the store has written them', () => {
	it('a buffer given back is taken again for a page that fits, a larger page gets a new one', () => {
		const buffers = new PageBuffers();
		const first = buffers.take(1000);
		expect(first).toHaveLength(1000);
		buffers.give(first);
		const again = buffers.take(900);
		expect(again).toHaveLength(900);
		expect(again.buffer).toBe(first.buffer);
		const larger = buffers.take(100_000);
		expect(larger.buffer).not.toBe(first.buffer);
	});

	it('a buffer given back twice is kept once; as many as were out at once (partition lanes) are all reused', () => {
		const buffers = new PageBuffers();
		const taken = Array.from({ length: 20 }, () => buffers.take(10));
		buffers.give(taken[0]);
		buffers.give(taken[0]);
		const first = buffers.take(10);
		expect(first.buffer).toBe(taken[0].buffer);
		expect(buffers.take(10).buffer).not.toBe(taken[0].buffer);
		for (const buffer of taken) buffers.give(buffer);
		const reused = new Set(Array.from({ length: 20 }, () => buffers.take(10).buffer));
		expect(taken.filter((buffer) => reused.has(buffer.buffer))).toHaveLength(20);
	});

	it('pull mode (the filesystem store): a chunk is reported written when the next one is asked for, the last one at the end', async () => {
		const written: string[] = [];
		const source = new ByteSource(chunks('a', 'b', 'c'), (chunk) =>
			written.push(Buffer.from(chunk).toString()),
		);
		const iterator = (source as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
		await iterator.next();
		expect(written).toEqual([]);
		await iterator.next();
		expect(written).toEqual(['a']);
		await iterator.next();
		expect(written).toEqual(['a', 'b']);
		expect((await iterator.next()).done).toBe(true);
		expect(written).toEqual(['a', 'b', 'c']);
	});

	it('pull mode stopped early: the chunk in the store is not reported', async () => {
		const written: string[] = [];
		const source = new ByteSource(chunks('a', 'b'), (chunk) =>
			written.push(Buffer.from(chunk).toString()),
		);
		const iterator = (source as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
		await iterator.next();
		await iterator.return?.();
		expect(written).toEqual([]);
	});

	it('event mode (database and in-memory stores keep the chunks): nothing is ever reported', async () => {
		const written: Uint8Array[] = [];
		const source = new ByteSource(chunks('a', 'b'), (chunk) => written.push(chunk));
		const got: string[] = [];
		await new Promise<void>((resolve, reject) => {
			source.on('data', (chunk) => got.push(String(chunk)));
			source.on('end', () => resolve());
			source.on('error', reject);
		});
		expect(got).toEqual(['a', 'b']);
		expect(written).toEqual([]);
	});
});
