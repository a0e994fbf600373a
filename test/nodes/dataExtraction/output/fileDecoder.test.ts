import { ByteSource } from '../../../../nodes/shared/n8nInternals/byteSource';
import {
	fileDecoder,
	PageBytes,
	type Chunk,
} from '../../../../nodes/Workforce/resources/dataExtraction/output/fileDecoder';
import {
	scanPage,
	type ScannedPage,
} from '../../../../nodes/Workforce/resources/dataExtraction/output/pageScan';

/** A page of `ids` read by the decoder into a buffer it lends, as the request does. */
function read(decoder: ReturnType<typeof fileDecoder>, text: string) {
	const bytes = decoder.bytes!(Buffer.byteLength(text));
	bytes.write(text);
	return { bytes, page: decoder.decode(bytes) };
}

const page = (id: string) => JSON.stringify({ data: [{ id: `${id}1` }, { id: `${id}2` }] });

/** Pages' lines as the cursor hands them on: each page said done once its lines are made. */
function linesOf(pool: ArrayBuffer[], ...ids: string[]) {
	const buffers = ids.map((id) => Buffer.from(new TextEncoder().encode(page(id)).buffer));
	const chunks = buffers.map((bytes) => {
		const scanned = scanPage(new PageBytes(bytes, pool), [])!;
		const lines = scanned.takeLines(2);
		scanned.bytes.done();
		return lines;
	});
	const givenBack = () => ids.filter((_, n) => pool.includes(buffers[n].buffer));
	return { chunks, givenBack };
}

async function* each(chunks: Chunk[]): AsyncGenerator<Chunk> {
	yield* chunks;
}

describe('Output File: one owner of a page buffer, from the request to the store', () => {
	it('a buffer given back is lent again for a page that fits, a larger page gets a new one', () => {
		const decoder = fileDecoder();
		const first = read(decoder, page('a'));
		(first.page as ScannedPage).bytes.done();
		const again = decoder.bytes!(page('a').length - 5);
		expect(again).toHaveLength(page('a').length - 5);
		expect(again.buffer).toBe(first.bytes.buffer);
		expect(decoder.bytes!(100_000).buffer).not.toBe(first.bytes.buffer);
	});

	it('a page the scan declines is parsed, and its buffer given back at once', () => {
		const decoder = fileDecoder();
		const text = JSON.stringify({ data: [{ id: 'a' }] }, null, 2);
		const declined = read(decoder, text);
		expect(declined.page?.records).toEqual([{ id: 'a' }]);
		expect(decoder.bytes!(text.length).buffer).toBe(declined.bytes.buffer);
	});

	it('as many as were out at once (partition lanes) are all reused', () => {
		const decoder = fileDecoder();
		const taken = Array.from({ length: 20 }, () => read(decoder, page('a')));
		for (const { page } of taken) (page as ScannedPage).bytes.done();
		const reused = new Set(Array.from({ length: 20 }, () => decoder.bytes!(10).buffer));
		expect(taken.filter(({ bytes }) => reused.has(bytes.buffer))).toHaveLength(20);
	});

	it('given back exactly once: said done twice, read after, or a view back twice, it throws', async () => {
		const scanned = read(fileDecoder(), page('a')).page as ScannedPage;
		scanned.bytes.done();
		expect(() => scanned.bytes.done()).toThrow(/said done twice/);
		expect(() => scanned.bytes.view).toThrow(/read after its buffer was given back/);
		expect(() => scanned.record(0)).toThrow(/read after its buffer was given back/);
		const { chunks } = linesOf([], 'b');
		expect(chunks[0]).not.toBeInstanceOf(Uint8Array);
		const twice = PageBytes.handOver(each([chunks[0], chunks[0]]), () => false);
		await twice.next();
		await twice.next();
		await expect(twice.next()).rejects.toThrow(/came back twice/);
	});

	it('a store that pulls (the filesystem): a page is given back when the store asks for the next chunk, the last at the end', async () => {
		const pool: ArrayBuffer[] = [];
		const { chunks, givenBack } = linesOf(pool, 'a', 'b', 'c');
		const source = new ByteSource(PageBytes.handOver(each(chunks), () => false));
		const iterator = (source as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
		expect(Buffer.from((await iterator.next()).value as Uint8Array).toString()).toBe(
			'{"id":"a1"}\n{"id":"a2"}\n',
		);
		expect(givenBack()).toEqual([]);
		await iterator.next();
		expect(givenBack()).toEqual(['a']);
		await iterator.next();
		expect(givenBack()).toEqual(['a', 'b']);
		expect((await iterator.next()).done).toBe(true);
		expect(givenBack()).toEqual(['a', 'b', 'c']);
	});

	it('a store that pulls, stopped early: the page in the store is not given back', async () => {
		const pool: ArrayBuffer[] = [];
		const { chunks, givenBack } = linesOf(pool, 'a', 'b');
		const source = new ByteSource(PageBytes.handOver(each(chunks), () => false));
		const iterator = (source as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
		await iterator.next();
		await iterator.return?.();
		expect(givenBack()).toEqual([]);
	});

	it('a store that keeps the chunks (database, in-memory): no page is ever given back', async () => {
		const pool: ArrayBuffer[] = [];
		const { chunks, givenBack } = linesOf(pool, 'a', 'b');
		let keeps = false;
		const source = new ByteSource(
			PageBytes.handOver(each(chunks), () => keeps),
			(collects) => (keeps = collects),
		);
		const got: string[] = [];
		await new Promise<void>((resolve, reject) => {
			source.on('data', (chunk) => got.push(String(chunk)));
			source.on('end', () => resolve());
			source.on('error', reject);
		});
		expect(got).toEqual(['{"id":"a1"}\n{"id":"a2"}\n', '{"id":"b1"}\n{"id":"b2"}\n']);
		expect(givenBack()).toEqual([]);
	});
});
