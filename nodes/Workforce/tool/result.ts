import type {
	IBinaryData,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	NodeOutput,
} from 'n8n-workflow';

import { capForModel } from './limit';

/**
 * What a model gets instead of binary data: each file's name, size and MIME type. n8n hands a
 * model only the items' JSON (and refuses an answer that is binary only), so the bytes stay in
 * n8n and the JSON says what they were; the record's own id (fileReferenceId, fileId, an image
 * row's id) is already in the JSON.
 */
export function filesOf(binary: Record<string, IBinaryData>): IDataObject[] {
	return Object.entries(binary).map(([field, data]) => ({
		field,
		fileName: data.fileName ?? null,
		mimeType: data.mimeType ?? null,
		fileSize:
			typeof data.bytes === 'number'
				? data.bytes
				: data.id
					? null
					: Buffer.byteLength(data.data ?? '', 'base64'),
	}));
}

function withoutBytes(item: INodeExecutionData): INodeExecutionData {
	if (!item.binary || Object.keys(item.binary).length === 0) return item;
	const { binary, ...rest } = item;
	return { ...rest, json: { ...item.json, files: filesOf(binary) } };
}

/** A node's output as a model should get it: bytes replaced by their metadata, long lists cut with a note. */
export function outputForModel(
	ctx: Pick<IExecuteFunctions, 'getNode' | 'getNodeParameter' | 'isToolExecution'>,
	output: NodeOutput,
): NodeOutput {
	if (!Array.isArray(output) || !Array.isArray(output[0])) return output;
	const [first, ...rest] = output as INodeExecutionData[][];
	return [capForModel(ctx, first.map(withoutBytes)), ...rest];
}

/**
 * An error a model can act on. n8n gives an AI Agent only an error's message (the MCP Server
 * Trigger adds the description as "Details"), so the fix, which our errors keep in the
 * description, goes into the message too.
 */
export function errorForModel(error: unknown): unknown {
	if (!(error instanceof Error)) return error;
	const description = (error as { description?: unknown }).description;
	if (typeof description !== 'string' || error.message.includes(description.trim())) return error;
	// Sentences the message already holds (a service error's own text) are not repeated.
	const fix = description
		.split(/(?<=[.!?])\s+/)
		.filter((sentence) => sentence.trim() !== '' && !error.message.includes(sentence.trim()))
		.join(' ');
	if (fix !== '') error.message = `${error.message.replace(/[\s.:]+$/, '')}. ${fix}`;
	// What is left of the description is in the message now: n8n adds it as "Details" only when it is not.
	(error as { description?: string }).description = fix || undefined;
	return error;
}
