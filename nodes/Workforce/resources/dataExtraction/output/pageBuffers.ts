/**
 * Page-sized buffers reused from page to page within one File run: the run allocates a few
 * buffers it owns instead of a new one of 3.5 MB per page, so what it holds stays a few pages
 * whatever the volume. A buffer is given back only when what it holds is proved written (see
 * ByteSource), so it is never reused early; one that is never given back is collected as usual.
 */
export class PageBuffers {
	/** Buffers given back, waiting to be taken again. */
	private readonly free: ArrayBuffer[] = [];

	/** At most this many are kept waiting: a run needs about three at once (the page written, the page in hand, the page read ahead). */
	private static readonly KEEP = 4;

	/** A buffer of exactly `size` bytes; its contents are undefined. */
	take(size: number): Buffer {
		const at = this.free.findIndex((buffer) => buffer.byteLength >= size);
		if (at >= 0) return Buffer.from(this.free.splice(at, 1)[0], 0, size);
		// A little room to spare, so a slightly larger next page fits too; never from Node's shared pool, so it can be reused whole.
		const bytes = Math.ceil(size * 1.125) + 1024;
		return Buffer.allocUnsafeSlow(bytes).subarray(0, size);
	}

	/** Gives back a buffer that `take` returned, once nothing reads it any more. */
	give(bytes: Buffer): void {
		if (this.free.length < PageBuffers.KEEP && !this.free.includes(bytes.buffer as ArrayBuffer))
			this.free.push(bytes.buffer as ArrayBuffer);
	}
}
