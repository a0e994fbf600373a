import type { ExtractionPage } from '../../../../nodes/Workforce/resources/dataExtraction/pageStream';
import {
	csvEncoder,
	ndjsonEncoder,
	type RecordEncoder,
} from '../../../../nodes/Workforce/resources/dataExtraction/output/encoders';
import { PageBytes } from '../../../../nodes/Workforce/resources/dataExtraction/output/fileDecoder';
import { PageCursor } from '../../../../nodes/Workforce/resources/dataExtraction/output/pageCursor';
import { scanPage } from '../../../../nodes/Workforce/resources/dataExtraction/output/pageScan';
import { FileSummary } from '../../../../nodes/Workforce/resources/dataExtraction/output/summary';

/**
 * A store that keeps a part's chunks in memory (database, S3, in-memory binary data) never asks for
 * a chunk after it is written, so what a page's buffer is given back on decides whether the part
 * keeps every page it came from.
 */
describe('Output File: when a page gives its buffer back', () => {
	async function firstPageWritten(encoder: RecordEncoder, keeps = false) {
		const pool: ArrayBuffer[] = [];
		const buffers = [0, 1].map((n) => {
			const text = JSON.stringify({ data: [{ id: `${n}a` }, { id: `${n}b` }] });
			// Each its own ArrayBuffer (not Node's shared pool), as the run's pages are.
			return Buffer.from(new TextEncoder().encode(text).buffer);
		});
		const source = (async function* () {
			for (const bytes of buffers)
				yield {
					decoded: scanPage(new PageBytes(bytes, pool), [])!,
					stretch: {},
				} as unknown as ExtractionPage;
		})();
		const cursor = new PageCursor(source, Infinity, encoder, undefined);
		const summary = new FileSummary('csv', false);
		const part = cursor.part(summary, { records: Infinity, bytes: Infinity });
		const store = PageBytes.handOver(part, () => keeps);
		const givenBack = () => buffers.flatMap((bytes, n) => (pool.includes(bytes.buffer) ? [n] : []));
		let text = '';
		// CSV's header, then the first page's text; NDJSON has no header.
		while (text.split(/\n/).length < 3)
			text += Buffer.from((await store.next()).value as Uint8Array).toString();
		const givenBackBeforeWrite = givenBack();
		// The store asks for the next chunk: the one before is written.
		await store.next();
		const givenBackAfterWrite = givenBack();
		await cursor.close();
		return { givenBackBeforeWrite, givenBackAfterWrite };
	}

	it('CSV (a copy of the records): at once, before its text is written', async () => {
		const { givenBackBeforeWrite } = await firstPageWritten(csvEncoder());
		expect(givenBackBeforeWrite).toEqual([0]);
	});

	it("NDJSON lines (a view of the page's bytes): only once they are written", async () => {
		const { givenBackBeforeWrite, givenBackAfterWrite } = await firstPageWritten(ndjsonEncoder());
		expect(givenBackBeforeWrite).toEqual([]);
		expect(givenBackAfterWrite).toEqual([0]);
	});

	it('NDJSON lines to a store that keeps its chunks: never', async () => {
		const { givenBackAfterWrite } = await firstPageWritten(ndjsonEncoder(), true);
		expect(givenBackAfterWrite).toEqual([]);
	});
});
