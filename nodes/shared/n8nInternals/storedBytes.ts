import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

/**
 * Relies on: the size of what n8n's binary store kept is `bytes` on n8n 2.x (n8n-core's
 * BinaryDataService sets it in every mode), a field n8n 1.x has not got (n8n-workflow 1.120.31's
 * IBinaryData; n8n-core 1.122.48 in n8n 1.123.81 writes only `fileSize`, rounded text such as
 * "195 kB"). There the size is the stored file's (`getBinaryMetadata`) or, in the default
 * in-memory mode (no `id`), that of the base64 data in the item.
 * Proven on n8n 2.41.1 (test/nodes/shared/n8nInternals/storedBytes.test.ts through n8n-core, in
 * both ways) and by the smoke suite's document download on 1.123.81 and 2.3.6 (its fileSize).
 */
export async function storedByteCount(
	ctx: IExecuteFunctions,
	binary: IBinaryData,
): Promise<number | undefined> {
	if (typeof binary.bytes === 'number') return binary.bytes;
	if (binary.id) return (await ctx.helpers.getBinaryMetadata(binary.id)).fileSize;
	return typeof binary.data === 'string' ? Buffer.byteLength(binary.data, 'base64') : undefined;
}
