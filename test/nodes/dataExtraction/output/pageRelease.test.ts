import type { ExtractionPage } from '../../../../nodes/Workforce/resources/dataExtraction/pageStream';
import {
	csvEncoder,
	ndjsonEncoder,
	type RecordEncoder,
} from '../../../../nodes/Workforce/resources/dataExtraction/output/encoders';
import { PageCursor } from '../../../../nodes/Workforce/resources/dataExtraction/output/pageCursor';
import { scanPage } from '../../../../nodes/Workforce/resources/dataExtraction/output/pageScan';
import { FileSummary } from '../../../../nodes/Workforce/resources/dataExtraction/output/summary';

/**
 * A store that keeps a part's chunks in memory (database, S3, in-memory binary data) never says a
 * chunk is written, so what a page's buffer is given back on decides whether the part keeps every
 * page it came from.
 */
describe('Output File: when a page gives its buffer back', () => {
	function pages(released: number[]): Array<ExtractionPage> {
		return [0, 1].map((n) => {
			const text = JSON.stringify({ data: [{ id: `${n}a` }, { id: `${n}b` }] });
			const decoded = scanPage(Buffer.from(text), [], () => released.push(n))!;
			return { decoded, recordsOnPage: 2, stretch: {} } as unknown as ExtractionPage;
		});
	}

	async function firstPageWritten(encoder: RecordEncoder) {
		const released: number[] = [];
		const written = new WeakMap<Uint8Array, () => void>();
		const source = (async function* () {
			yield* pages(released);
		})();
		const cursor = new PageCursor(source, Infinity, encoder, undefined, written);
		const part = cursor.part(new FileSummary('csv', false), { records: Infinity, bytes: Infinity });
		const chunks: Uint8Array[] = [];
		// CSV's header, then the first page's text; NDJSON has no header.
		while (
			chunks
				.map((chunk) => Buffer.from(chunk).toString())
				.join('')
				.split(/\n/).length < 3
		)
			chunks.push((await part.next()).value as Uint8Array);
		const releasedBeforeWrite = [...released];
		for (const chunk of chunks) written.get(chunk)?.();
		await cursor.close();
		return { releasedBeforeWrite, releasedAfterWrite: released };
	}

	it('CSV (a copy of the records): at once, before its text is written', async () => {
		const { releasedBeforeWrite } = await firstPageWritten(csvEncoder());
		expect(releasedBeforeWrite).toEqual([0]);
	});

	it("NDJSON lines (a view of the page's bytes): only once they are written", async () => {
		const { releasedBeforeWrite, releasedAfterWrite } = await firstPageWritten(ndjsonEncoder());
		expect(releasedBeforeWrite).toEqual([]);
		expect(releasedAfterWrite).toEqual([0]);
	});
});
