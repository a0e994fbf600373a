import { YoungGenerationPacer } from '../../../nodes/shared/extraction/youngGenerationPacer';

describe('Output File: young collections paced to the bytes allocated outside V8’s heap', () => {
	it('one piece of garbage for each 64 KB, whatever the page sizes, the remainder carried to the next page', () => {
		const pacer = new YoungGenerationPacer();
		pacer.outsideHeap(100_000);
		expect(pacer.pieces).toBe(1);
		pacer.outsideHeap(31_072);
		expect(pacer.pieces).toBe(2);
		pacer.outsideHeap(65_535);
		expect(pacer.pieces).toBe(2);
		pacer.outsideHeap(1);
		expect(pacer.pieces).toBe(3);
		// A page of 3.5 MB, as the service's pages of 2,500 records are.
		pacer.outsideHeap(3_500_000);
		expect(pacer.pieces).toBe(3 + Math.floor(3_500_000 / 65_536));
	});

	it('a piece is an array of 8,192 slots: small enough for the young generation (not V8’s large-object space), large enough to fill it', () => {
		const pacer = new YoungGenerationPacer();
		expect(pacer.lastPiece).toHaveLength(0);
		pacer.outsideHeap(YoungGenerationPacer.BYTES_PER_PIECE);
		expect(pacer.lastPiece).toHaveLength(8192);
		// 8 bytes a slot in Node's builds: 64 KB, under V8's 128 KB limit for an object in the young generation.
		expect(YoungGenerationPacer.PIECE_SLOTS * 8).toBeLessThan(128 * 1024);
	});
});
