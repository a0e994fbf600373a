import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Relies on: `prepareBinaryData` is typed to take a Buffer or a Node Readable, and n8n's binary
 * data stores read a stream either by async iteration (filesystem, through `fs.writeFile`) or
 * through events (database, S3, in-memory: `streamToBuffer` of @n8n/backend-network listens with
 * on('data') and once('end' | 'error' | 'close'), and stops listening with off()); how it is read
 * tells which store is at work. A node may not import Node's `stream` (n8n Cloud's rules), so this
 * look-alike is cast to Readable. Proven on n8n 2.41.1 only, in every binary data mode
 * (test/nodes/dataExtraction/output/fileBinaryModes.test.ts, the e2e suite, queue mode).
 */

type BinaryInput = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];

type Listener = (...args: unknown[]) => void;

/** Bytes in the shape n8n's stores read a stream in; a failure of the source fails the write. */
export class ByteSource {
	private readonly listeners = new Map<string, Listener[]>();
	private iterator?: AsyncIterator<Uint8Array>;
	private destroyed = false;

	constructor(
		/** Each chunk is asked for once the store is done with the one before (pull), or at once (events: the store keeps them). */
		private readonly source: AsyncIterable<Uint8Array>,
		/** Told before the first chunk whether the store collects the whole file (events) or pulls it. */
		private readonly onRead?: (collects: boolean) => void,
	) {}

	asReadable(): BinaryInput {
		return this as unknown as BinaryInput;
	}

	async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
		yield* this.take(false);
	}

	on(event: string, listener: Listener): this {
		// A new list, not a change to the one an emit may be walking.
		this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
		if (event === 'data' && !this.iterator) void this.flow();
		return this;
	}

	// 'end', 'error' and 'close' come once at most, and 'data' is listened to with on().
	once = this.on;

	off(event: string, listener: Listener): this {
		this.listeners.set(event, this.listeners.get(event)?.filter((l) => l !== listener) ?? []);
		return this;
	}

	destroy(error?: Error): this {
		if (this.destroyed) return this;
		this.destroyed = true;
		void this.iterator?.return?.()?.catch(() => undefined);
		if (error) this.emit('error', error);
		this.emit('close');
		return this;
	}

	private take(collects: boolean): AsyncIterable<Uint8Array> {
		if (this.iterator) throw new Error('The file is being read already');
		this.onRead?.(collects);
		const iterator = (this.iterator = this.source[Symbol.asyncIterator]());
		return { [Symbol.asyncIterator]: () => iterator };
	}

	private emit(event: string, ...args: unknown[]) {
		for (const listener of this.listeners.get(event) ?? []) listener(...args);
	}

	private async flow(): Promise<void> {
		try {
			for await (const chunk of this.take(true)) {
				if (this.destroyed) return;
				this.emit('data', Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
			}
		} catch (error) {
			this.destroy(error);
		}
		// Read to the end: 'end', then 'close', as a Readable (a failure said 'error' and 'close').
		if (!this.destroyed) this.emit('end');
		this.destroy();
	}
}
