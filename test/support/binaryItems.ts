import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';

export interface TestFile {
	name: string;
	mimeType: string;
	bytes: Buffer;
}

let ready: Promise<void> | undefined;

/** Inputs of this test process live in their own folder of n8n's store, removed by `removeStoredItems`. */
const INPUT_LOCATION = {
	type: 'execution' as const,
	workflowId: 'test-workflow',
	executionId: `document-inputs-${process.pid}`,
};

async function service(): Promise<BinaryDataService> {
	const binary = Container.get(BinaryDataService);
	ready ??= binary.init();
	await ready;
	return binary;
}

/** An input item whose files are held in memory, base64 in the item (n8n's "default" mode). */
export function memoryItem(files: Record<string, TestFile>): INodeExecutionData {
	const binary: Record<string, IBinaryData> = {};
	for (const [prop, file] of Object.entries(files)) {
		binary[prop] = {
			data: file.bytes.toString('base64'),
			mimeType: file.mimeType,
			fileName: file.name,
			bytes: file.bytes.length,
		};
	}
	return { json: {}, binary };
}

/** An input item whose files live in n8n's filesystem binary store (only an id in the item). */
export async function storedItem(files: Record<string, TestFile>): Promise<INodeExecutionData> {
	const store = await service();
	const binary: Record<string, IBinaryData> = {};
	for (const [prop, file] of Object.entries(files)) {
		binary[prop] = await store.store(INPUT_LOCATION, file.bytes, {
			data: '',
			mimeType: file.mimeType,
			fileName: file.name,
		});
	}
	return { json: {}, binary };
}

/** The bytes of an output binary field, wherever n8n stored them. */
export async function bytesOf(binary: IBinaryData): Promise<Buffer> {
	return await (await service()).getAsBuffer(binary);
}

/** Deletes the inputs `storedItem` wrote, and the given outputs (large files should not pile up on disk). */
export async function removeStoredItems(outputs: IBinaryData[] = []) {
	const store = await service();
	await store.deleteMany([INPUT_LOCATION]);
	const ids = outputs.map((b) => b.id).filter((id): id is string => typeof id === 'string');
	if (ids.length) await store.deleteManyByBinaryDataId(ids);
}

/**
 * n8n's binary data mode for the tests of a file: `set(mode)` (with the manager a mode n8n-core
 * lacks needs, such as the server's database), put back after each test.
 */
export function useBinaryDataMode(): { set(mode: string, manager?: unknown): void } {
	type Modes = { mode: string; setManager(mode: string, manager: unknown): void };
	let modes: Modes;
	let before: string;
	beforeAll(async () => {
		modes = (await service()) as unknown as Modes;
		before = modes.mode;
	});
	afterEach(() => (modes.mode = before));
	return {
		set(mode, manager) {
			if (manager) modes.setManager(mode, manager);
			modes.mode = mode;
		},
	};
}
