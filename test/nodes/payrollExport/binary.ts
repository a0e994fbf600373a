import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';

/** The bytes of a binary output, wherever n8n stored them (memory or file system mode). */
export async function binaryText(binary: IBinaryData): Promise<string> {
	const buffer = await Container.get(BinaryDataService).getAsBuffer(binary);
	return buffer.toString('utf8');
}
