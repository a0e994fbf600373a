import { binaryToBuffer } from '@n8n/backend-network';

import { executeNode, jsonOf } from '../../../harness/execute';
import { useBinaryDataMode } from '../../../support/binaryItems';
import { useEmulator } from '../../../support/emulatorFixture';
import { ndjsonRecords } from '../../../support/fileOutput';

/**
 * n8n's database mode (the default of queue mode) lives in n8n's server package: its manager
 * collects the stream with n8n's `binaryToBuffer` and inserts one row. This stand-in does the
 * same collecting (n8n's own function) and keeps the row in a map.
 */
class DatabaseLikeManager {
	readonly rows = new Map<string, Buffer>();
	async init() {}
	async store(_location: unknown, bufferOrStream: Buffer, metadata: { fileName?: string }) {
		const buffer = await binaryToBuffer(bufferOrStream);
		const fileId = `row-${this.rows.size + 1}-${metadata.fileName ?? ''}`;
		this.rows.set(fileId, buffer);
		return { fileId, fileSize: buffer.length };
	}
	async getAsBuffer(fileId: string) {
		const row = this.rows.get(fileId);
		if (!row) throw new Error(`no row ${fileId}`);
		return row;
	}
}

describe('Data Extraction > Output File in every binary data mode n8n offers', () => {
	const fx = useEmulator({ workData: { timeRegistrations: 1500, pageSize: 500 } });
	const parameters = {
		resource: 'dataExtraction',
		operation: 'getTimeRegistrations',
		returnAll: true,
		options: { chunkLimit: 250 },
	};
	const binaryMode = useBinaryDataMode();

	it.each([
		['filesystem (a plain install)', 'filesystem-v2', false],
		['filesystem, gzip', 'filesystem-v2', true],
		[
			'default (in memory: the file is kept base64 in the item, as n8n does with any binary there)',
			'default',
			false,
		],
		['database (queue mode)', 'database', false],
		['database, gzip', 'database', true],
	])('%s: the file holds every record item mode outputs', async (_label, mode, compress) => {
		const items = jsonOf(await executeNode({ credentials: fx.credentials, parameters }));
		const database = new DatabaseLikeManager();
		binaryMode.set(mode, mode === 'database' ? database : undefined);
		const result = await executeNode({
			credentials: fx.credentials,
			parameters: { ...parameters, output: 'file', compress },
		});
		expect(result.error).toBeUndefined();
		const binary = result.items[0].binary!.data;
		if (mode === 'default') expect(binary.id).toBeUndefined();
		else expect(binary.id).toMatch(new RegExp(`^${mode}:`));
		if (mode === 'database') expect(database.rows.size).toBe(1);
		expect(await ndjsonRecords(result.items[0], compress)).toEqual(items);
		expect(result.items[0].json).toMatchObject({ records: 1500, pages: 6, bytes: binary.bytes });
	});
});
