import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

/** How an extraction hands its records on: one item per record, or one file per input item. */
export type OutputSettings =
	| { mode: 'items' }
	| { mode: 'file'; format: FileFormat; compress: boolean; binaryProperty: string };
export type FileFormat = 'ndjson' | 'csv';

/** Output (Items / File) and the file's settings, shown for one extraction operation. */
export function outputFields(displayOptions: {
	show: Record<string, string[]>;
}): INodeProperties[] {
	const file = { show: { ...displayOptions.show, output: ['file'] } };
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			default: 'items',
			description:
				"Whether to output one item per record, or write every record into one file in n8n's binary data (for large volumes: memory stays flat and the execution small)",
			displayOptions,
			options: [
				{
					name: 'Items',
					value: 'items',
					description:
						'One output item per record (up to about 100,000 records per run is comfortable)',
				},
				{
					name: 'File',
					value: 'file',
					description:
						'One output item per input item: the records as a file, written page by page as they arrive, plus a summary',
				},
			],
		},
		{
			displayName: 'File Format',
			name: 'fileFormat',
			type: 'options',
			default: 'ndjson',
			description: 'How records are written',
			displayOptions: file,
			options: [
				{
					name: 'NDJSON',
					value: 'ndjson',
					description: 'One JSON record per line: the records item mode outputs, value for value',
				},
				{
					name: 'CSV',
					value: 'csv',
					description:
						'A header row, then one row per record. Columns are the keys of the first page\'s records in order of appearance; a key first seen on a later page goes, with its value, into the last column "_extra" as JSON. Objects and lists are written as JSON.',
				},
			],
		},
		{
			displayName: 'Compress (Gzip)',
			name: 'compress',
			type: 'boolean',
			default: false,
			description: 'Whether to gzip the file (.gz): text of this kind shrinks about tenfold',
			displayOptions: file,
		},
		{
			displayName: 'Put File in Field',
			name: 'fileField',
			type: 'string',
			default: 'data',
			description: 'Name of the binary property of the output item that holds the file',
			displayOptions: file,
		},
	];
}

/** The Output settings of one item, checked before any request. */
export function readOutput(ctx: IExecuteFunctions, itemIndex: number): OutputSettings {
	const mode = ctx.getNodeParameter('output', itemIndex, 'items') as string;
	if (mode === 'items') return { mode: 'items' };
	if (mode !== 'file') {
		throw new NodeOperationError(ctx.getNode(), `Output has an unknown value "${mode}"`, {
			description: 'Choose Items or File.',
			itemIndex,
		});
	}
	const format = ctx.getNodeParameter('fileFormat', itemIndex, 'ndjson') as string;
	if (format !== 'ndjson' && format !== 'csv') {
		throw new NodeOperationError(ctx.getNode(), `File Format has an unknown value "${format}"`, {
			description: 'Choose NDJSON or CSV.',
			itemIndex,
		});
	}
	const binaryProperty = String(ctx.getNodeParameter('fileField', itemIndex, 'data') ?? '').trim();
	if (binaryProperty === '') {
		throw new NodeOperationError(ctx.getNode(), 'Put File in Field is empty', {
			description: 'Name the binary property for the file, for example "data".',
			itemIndex,
		});
	}
	return {
		mode: 'file',
		format,
		compress: ctx.getNodeParameter('compress', itemIndex, false) === true,
		binaryProperty,
	};
}
