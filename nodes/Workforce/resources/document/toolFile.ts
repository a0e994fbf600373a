import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { cleanFileName, mimeTypeFor } from '../../helpers/fileNames';
import type { UploadFile } from '../../../shared/n8nInternals/multipartBody';

/**
 * Document Upload as an AI tool: a tool's input is the model's arguments, never binary data, so
 * the file comes as text (a note, a report, CSV) or base64, with its file name. Shown only on the
 * node's tool twin (`@tool`).
 */
export function toolFileProperties(show: { show: Record<string, string[]> }): INodeProperties[] {
	const tool = { show: { ...show.show, '@tool': [true] } };
	return [
		{
			displayName: 'File Name',
			name: 'toolFileName',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. site-report.txt',
			description: 'Name of the document, with its extension (the MIME type follows from it)',
			displayOptions: tool,
		},
		{
			displayName: 'File Content',
			name: 'toolFileContent',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			description: 'The document itself, as text or base64 (see Content Encoding)',
			displayOptions: tool,
		},
		{
			displayName: 'Content Encoding',
			name: 'toolContentEncoding',
			type: 'options',
			options: [
				{ name: 'Text (UTF-8)', value: 'utf8' },
				{ name: 'Base64', value: 'base64' },
			],
			default: 'utf8',
			displayOptions: tool,
		},
	];
}

/** The tool's file, refused when it has no name or no content. */
export function toolFileOf(ctx: IExecuteFunctions, itemIndex: number): UploadFile {
	const rawName = String(ctx.getNodeParameter('toolFileName', itemIndex, '') ?? '').trim();
	const content = ctx.getNodeParameter('toolFileContent', itemIndex, '') as unknown;
	const encoding =
		ctx.getNodeParameter('toolContentEncoding', itemIndex, 'utf8') === 'base64' ? 'base64' : 'utf8';
	if (rawName === '') {
		throw new NodeOperationError(ctx.getNode(), 'File Name is empty', {
			description:
				'Give the document a file name with its extension, for example "site-report.txt".',
			itemIndex,
		});
	}
	const text =
		typeof content === 'string'
			? content
			: content === undefined || content === null
				? ''
				: JSON.stringify(content);
	if (text === '') {
		throw new NodeOperationError(ctx.getNode(), 'File Content is empty', {
			description:
				'Give the text of the document (or its bytes in base64 with Content Encoding "Base64").',
			itemIndex,
		});
	}
	const bytes = Buffer.from(text, encoding);
	const fileName = cleanFileName(rawName, 'document.txt');
	return {
		fileName,
		mimeType: mimeTypeFor(fileName),
		size: bytes.length,
		open: async function* () {
			yield bytes;
		},
	};
}
