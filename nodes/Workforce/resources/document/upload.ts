import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { outputOrThrow } from '../../helpers/itemErrors';
import { isToolMode } from '../../../shared/n8nInternals/toolMode';
import { MAX_REQUEST_BYTES, refusalOf } from './fileRules';
import { buildMultipart, type UploadFile } from '../../../shared/n8nInternals/multipartBody';
import { documentNotFound, parentProperties, resolveParentOf } from './parent';
import { toolFileOf, toolFileProperties } from './toolFile';
import { sendUpload } from './uploadRequest';

const show = { show: { resource: ['document'], operation: ['upload'] } };

/** Runs as a custom operation: routing cannot stream multipart bodies or resend them after a 401. */
export const uploadOption: INodePropertyOptions = {
	name: 'Upload',
	value: 'upload',
	action: 'Upload documents',
	description: 'Upload one or more files of the input item to a project or work order page',
};

export const uploadProperties: INodeProperties[] = [
	...parentProperties('upload'),
	{
		displayName: 'Input Binary Field(s)',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		placeholder: 'e.g. data, attachment_0',
		hint: 'Comma-separated names of the binary fields to upload; all are sent in one request',
		description:
			'Binary fields of the input item holding the files; each file keeps its name and MIME type',
		// A tool's input is the model's arguments, never binary data: it gets the file as text below.
		displayOptions: { ...show, hide: { '@tool': [true] } },
	},
	...toolFileProperties(show),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: 'Replace Existing Files With Same Name',
				name: 'replaceExistingFilesWithSameName',
				type: 'boolean',
				default: false,
				description:
					'Whether documents on the page with the same file name are replaced (the way to update a document)',
			},
			{
				displayName: 'Section',
				name: 'section',
				type: 'string',
				default: '',
				placeholder: 'e.g. Permits',
				description:
					'Name of the page to put the files on. Empty: "Documents" for a project, the work order number for a work order.',
			},
		],
	},
];

export async function upload(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const parent = await resolveParentOf(this, itemIndex);
			const files = await filesOf(this, itemIndex);
			const size = buildMultipart(files).byteLength;
			if (size > MAX_REQUEST_BYTES) {
				throw new NodeOperationError(
					this.getNode(),
					`The upload is ${size} bytes, above the service's limit of ${MAX_REQUEST_BYTES} bytes per request`,
					{
						description: `The service refuses requests larger than ${MAX_REQUEST_BYTES} bytes (file contents plus about 200 bytes per file). Upload the files in separate items, or make them smaller.`,
						itemIndex,
					},
				);
			}
			const options = this.getNodeParameter('options', itemIndex, {}) as {
				section?: string;
				replaceExistingFilesWithSameName?: boolean;
			};
			const qs: IDataObject = {};
			if (options.section && options.section.trim() !== '') qs.section = options.section.trim();
			if (options.replaceExistingFilesWithSameName !== undefined)
				qs.replaceExistingFilesWithSameName = options.replaceExistingFilesWithSameName;
			const body = await sendUpload(this, {
				path: parent.documentsPath,
				qs,
				files,
				itemIndex,
				notFound: documentNotFound((name) => this.getNodeParameter(name, itemIndex, undefined)),
			});
			out.push({ json: toObject(body), pairedItem: { item: itemIndex } });
		} catch (error) {
			outputOrThrow(this, error, itemIndex, out);
		}
	}
	return [out];
}

/**
 * The item's binary fields as upload parts. Files in n8n's binary store (filesystem mode) are
 * streamed from it on every attempt; in-memory ones are decoded once and kept as that one buffer.
 */
async function filesOf(ctx: IExecuteFunctions, itemIndex: number): Promise<UploadFile[]> {
	if (isToolMode(ctx)) return [checked(ctx, toolFileOf(ctx, itemIndex), 'File Content', itemIndex)];
	const raw = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data'));
	const names = raw
		.split(',')
		.map((n) => n.trim())
		.filter(Boolean);
	if (!names.length) {
		throw new NodeOperationError(ctx.getNode(), 'Input Binary Field(s) is empty', {
			description:
				'Enter the name of the binary field holding the file (usually "data"), or several separated by commas.',
			itemIndex,
		});
	}
	const files: UploadFile[] = [];
	for (const name of names) {
		const binary = ctx.helpers.assertBinaryData(itemIndex, name);
		const fileName =
			binary.fileName || (binary.fileExtension ? `${name}.${binary.fileExtension}` : name);
		const mimeType = binary.mimeType || 'application/octet-stream';
		let file: UploadFile;
		if (binary.id) {
			const id = binary.id;
			const { fileSize } = await ctx.helpers.getBinaryMetadata(id);
			file = {
				fileName,
				mimeType,
				size: fileSize,
				open: async function* () {
					yield* await ctx.helpers.getBinaryStream(id);
				},
			};
		} else {
			const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, name);
			file = {
				fileName,
				mimeType,
				size: buffer.length,
				open: async function* () {
					yield buffer;
				},
			};
		}
		files.push(checked(ctx, file, `Binary field "${name}"`, itemIndex));
	}
	return files;
}

/** The file, unless the service's file rules refuse it (then an error naming where it came from). */
function checked(
	ctx: IExecuteFunctions,
	file: UploadFile,
	source: string,
	itemIndex: number,
): UploadFile {
	const refusal = refusalOf(file.fileName, file.size);
	if (refusal) {
		throw new NodeOperationError(ctx.getNode(), `${source} cannot be uploaded: ${refusal.reason}`, {
			description: refusal.fix,
			itemIndex,
		});
	}
	return file;
}

function toObject(value: unknown): IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: { value: value as IDataObject[string] };
}
