/**
 * Lets V8 free the buffers a File run allocates outside its heap with young collections (about a
 * millisecond each) instead of full collections of n8n's whole heap (about 150 ms of the
 * collector's threads each).
 *
 * Node's HTTP client reads a response into a new buffer outside V8's heap for every 64 KB, and V8
 * frees such a buffer only in a collection. Young collections run when the young generation is
 * full, and a File run in NDJSON allocates almost nothing on V8's heap (it scans bytes, see
 * page-scan.ts), so they hardly run: the buffers pile up until V8 starts a full collection for them
 * (every 64 MB of them, or sooner with n8n's heap near its limit). That was 40 to 70 full
 * collections a million records, 10 s of CPU where the run itself took 13 s.
 *
 * So a run allocates short-lived garbage on V8's heap in step with what it allocates outside it
 * (the bytes received, and each new page buffer), one array of 8,192 slots (64 KB in Node's
 * builds) for each 64 KB, and the young generation fills at the pace of the network. The garbage
 * is freed by the young collection it brings about, with the buffers.
 */
export class YoungGenerationPacer {
	/** Bytes outside the heap for each piece of garbage. */
	static readonly BYTES_PER_PIECE = 64 * 1024;
	/** Slots of one piece: an array below V8's large-object size, so it is allocated in the young generation. */
	static readonly PIECE_SLOTS = 8192;

	/** The last piece, kept where V8 cannot prove it unused, so its allocation is not optimised away. */
	private last: unknown[] = [];
	/** Bytes not yet paced (less than one piece's worth). */
	private owed = 0;
	/** Pieces allocated so far. */
	pieces = 0;

	/** Paces the young generation to `bytes` more allocated outside V8's heap. */
	outsideHeap(bytes: number): void {
		this.owed += bytes;
		while (this.owed >= YoungGenerationPacer.BYTES_PER_PIECE) {
			this.last = new Array(YoungGenerationPacer.PIECE_SLOTS);
			this.owed -= YoungGenerationPacer.BYTES_PER_PIECE;
			this.pieces++;
		}
	}

	/** The last piece allocated (for tests: what a piece is). */
	get lastPiece(): readonly unknown[] {
		return this.last;
	}
}
