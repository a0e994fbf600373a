import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';

import { gzip } from '../../../../nodes/Workforce/resources/dataExtraction/output/gzip';

/** Reads all of an async iterable of bytes into one buffer. */
async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
	const parts: Uint8Array[] = [];
	for await (const part of source) parts.push(part);
	return Buffer.concat(parts);
}

describe('Output File, gzip: zlib reads copies, so a page buffer is free for the next page once the next chunk is asked for', () => {
	it('a buffer overwritten as soon as gzip asks for the next chunk (as a reused page buffer is) leaves the file intact', async () => {
		// Pages of 600 KB (more than one piece) and a small last one, all through one buffer that is refilled for every page.
		const pages = [randomBytes(600_000), randomBytes(600_000), Buffer.from('{"last":true}\n')];
		const shared = Buffer.allocUnsafeSlow(600_000);
		async function* source(): AsyncGenerator<Uint8Array> {
			for (const page of pages) {
				page.copy(shared);
				yield shared.subarray(0, page.length);
				// Reused at once: were zlib still to read this buffer, the file would hold these bytes.
				shared.fill(0x2a);
			}
		}
		const file = await collect(gzip(source()));
		expect(gunzipSync(file).equals(Buffer.concat(pages))).toBe(true);
	});

	it('a failing source fails the file, after what was read', async () => {
		let read = 0;
		async function* source(): AsyncGenerator<Uint8Array> {
			yield Buffer.from('a'.repeat(1000));
			read++;
			throw new Error('page 2 failed after its retries');
		}
		await expect(collect(gzip(source()))).rejects.toThrow('page 2 failed after its retries');
		expect(read).toBe(1);
	});

	it('stopped early (the store failed): the source is ended, not read on', async () => {
		let pages = 0;
		let ended = false;
		async function* source(): AsyncGenerator<Uint8Array> {
			try {
				for (;;) {
					pages++;
					yield randomBytes(600_000);
				}
			} finally {
				ended = true;
			}
		}
		const file = gzip(source());
		expect((await file.next()).done).toBe(false);
		await file.return(undefined);
		// The cancel reaches the source through the stream's pipe, a few turns later.
		for (let turn = 0; turn < 100 && !ended; turn++) await new Promise(setImmediate);
		expect(ended).toBe(true);
		expect(pages).toBeLessThan(10);
	});
});
