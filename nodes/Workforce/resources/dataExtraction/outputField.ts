import { NodeOperationError, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

/** How an extraction hands its records on: one item per record, or one file per input item. */
export type OutputSettings =
	| { mode: 'items' }
	| {
			mode: 'file';
			format: FileFormat;
			compress: boolean;
			binaryProperty: string;
			parts: PartSplit;
	  };
export type FileFormat = 'ndjson' | 'csv';

/**
 * How the File output splits its records into parts. `auto` follows n8n's binary data store: one
 * file where the store streams to disk, parts of AUTO_PART_MIB where it holds a file in memory.
 */
export type PartSplit =
	| { by: 'auto' }
	| { by: 'none' }
	| { by: 'records'; records: number }
	| { by: 'size'; bytes: number };

const MIB = 1024 * 1024;
/**
 * n8n's database store refuses a file over N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE (512 MiB unless
 * set, 1 GiB at most), which n8n does not show a node: parts stay at or under this default.
 */
export const PART_MIB_MAX = 512;
/** A part holds whole pages: a page of 10,000 records (the largest Chunk Limit) is about 14 MB. */
export const PART_MIB_MIN = 16;
/** Automatic parts where the store holds a file in memory: a quarter of the database store's default limit. */
export const AUTO_PART_MIB = 128;
/** Records per page when Chunk Limit is not set (the service's default). */
export const DEFAULT_PAGE_RECORDS = 2500;

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
		{
			displayName: 'Split Into Parts',
			name: 'splitParts',
			type: 'options',
			default: 'auto',
			description:
				"Whether to write the records into several files, one output item each. n8n's database binary data mode (the default of queue mode) and its S3 mode hold a whole file in memory, and the database refuses one over 512 MiB unless N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE says more.",
			displayOptions: file,
			options: [
				{
					name: 'Automatic',
					value: 'auto',
					description: `One file where n8n streams binary data to disk (filesystem mode); parts of ${AUTO_PART_MIB} MiB where it holds a file in memory (database, S3, in-memory)`,
				},
				{
					name: 'No Split',
					value: 'none',
					description:
						'One file, whatever its size (in database mode a file over the limit fails the run)',
				},
				{
					name: 'By Records',
					value: 'records',
					description: 'A new part after a given number of records',
				},
				{
					name: 'By Size',
					value: 'size',
					description: 'A new part before a page that would take the part over a given size',
				},
			],
		},
		{
			displayName: 'Records per Part',
			name: 'partRecords',
			type: 'number',
			default: 500000,
			typeOptions: { minValue: 1, numberPrecision: 0 },
			description:
				'How many records each part holds (the last one fewer). At least one page (Chunk Limit, 2,500 unless set).',
			displayOptions: { show: { ...file.show, splitParts: ['records'] } },
		},
		{
			displayName: 'Part Size (MiB)',
			name: 'partSizeMiB',
			type: 'number',
			default: AUTO_PART_MIB,
			typeOptions: { minValue: PART_MIB_MIN, maxValue: PART_MIB_MAX },
			description: `Largest size of a part's text, before compression (a gzip part is about a tenth of it). A part ends at a page boundary. From ${PART_MIB_MIN} (a page of 10,000 records is about 14 MB) to ${PART_MIB_MAX} (n8n's default limit for one file in database mode).`,
			displayOptions: { show: { ...file.show, splitParts: ['size'] } },
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
		parts: readParts(ctx, itemIndex),
	};
}

/** Split Into Parts and its size, checked before any request (except the page size, see checkParts). */
function readParts(ctx: IExecuteFunctions, itemIndex: number): PartSplit {
	// Saved before the option existed: Automatic, which is what such a workflow did where it could (see PartSplit).
	const by = ctx.getNodeParameter('splitParts', itemIndex, 'auto') as string;
	if (by === 'auto' || by === 'none') return { by };
	if (by === 'records') {
		const records = ctx.getNodeParameter('partRecords', itemIndex, 500000) as unknown;
		if (typeof records !== 'number' || !Number.isInteger(records) || records < 1) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Records per Part must be a whole number, not ${JSON.stringify(records)}`,
				{
					description:
						'Set Records per Part to how many records each file holds, for example 500000.',
					itemIndex,
				},
			);
		}
		return { by, records };
	}
	if (by === 'size') {
		const mib = ctx.getNodeParameter('partSizeMiB', itemIndex, AUTO_PART_MIB) as unknown;
		if (typeof mib !== 'number' || !Number.isFinite(mib)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Part Size (MiB) must be a number, not ${JSON.stringify(mib)}`,
				{
					description: `Set Part Size (MiB) from ${PART_MIB_MIN} to ${PART_MIB_MAX}, for example ${AUTO_PART_MIB}.`,
					itemIndex,
				},
			);
		}
		if (mib < PART_MIB_MIN || mib > PART_MIB_MAX) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Part Size (MiB) must be from ${PART_MIB_MIN} to ${PART_MIB_MAX}, not ${mib}`,
				{
					description:
						mib < PART_MIB_MIN
							? `A part holds at least one page, and a page of 10,000 records is about 14 MB: set ${PART_MIB_MIN} or more.`
							: `n8n's database binary data mode refuses a file over ${PART_MIB_MAX} MiB unless N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE is raised, and holds a whole part in memory: set ${PART_MIB_MAX} or less (or No Split where n8n stores binary data on disk).`,
					itemIndex,
				},
			);
		}
		return { by, bytes: Math.floor(mib * MIB) };
	}
	throw new NodeOperationError(ctx.getNode(), `Split Into Parts has an unknown value "${by}"`, {
		description: 'Choose Automatic, No Split, By Records or By Size.',
		itemIndex,
	});
}

/**
 * Records per Part against the page size, once the query is known and before any request: a
 * part below one page would make parts of pieces of pages.
 */
export function checkParts(
	ctx: IExecuteFunctions,
	output: OutputSettings,
	pageRecords: unknown,
	itemIndex: number,
) {
	if (output.mode !== 'file' || output.parts.by !== 'records') return;
	const page = typeof pageRecords === 'number' ? pageRecords : DEFAULT_PAGE_RECORDS;
	if (output.parts.records >= page) return;
	throw new NodeOperationError(
		ctx.getNode(),
		`Records per Part (${output.parts.records}) is below one page (${page} records)`,
		{
			description: `Set Records per Part to ${page} or more, or lower Chunk Limit (records per page) under Options.`,
			itemIndex,
		},
	);
}
