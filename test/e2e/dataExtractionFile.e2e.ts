import type { Execution } from './support/e2e';
import { useE2e } from './support/e2e';
import { E2E_TIME_REGISTRATIONS } from './support/emulatorProcess';

type Row = Record<string, unknown>;
interface Binary {
	id?: string;
	data?: string;
	fileName?: string;
	fileExtension?: string;
	mimeType?: string;
	bytes?: number;
}

/** The chunk limits of the fixture's two extraction nodes (different, so their requests tell apart). */
const CSV_CHUNK = 500;
const NDJSON_CHUNK = 300;

/**
 * The binary data modes of n8n 2.41.1 (N8N_DEFAULT_BINARY_DATA_MODE; s3 and azure need a licence).
 * With nothing set, a plain install keeps files on disk (`filesystem`, stored as `filesystem-v2`);
 * queue mode's default is `database`, and the queue suite runs there (Postgres, on a worker).
 * `default` keeps files in memory, base64 in the item (deprecated, removed in n8n 3). Single
 * process: each mode in an `n8n execute` of its own (the setting is per process).
 */
const SINGLE_PROCESS_MODES = [
	{ mode: 'filesystem (a plain install: nothing set)', env: undefined, stored: /^filesystem-v2:/ },
	{
		mode: 'default (in memory)',
		env: { N8N_DEFAULT_BINARY_DATA_MODE: 'default' },
		stored: undefined,
	},
	{
		mode: 'database (on SQLite)',
		env: { N8N_DEFAULT_BINARY_DATA_MODE: 'database' },
		stored: /^database:/,
	},
];
const QUEUE_MODES = [
	{ mode: 'database (queue mode: Postgres, on a worker)', env: undefined, stored: /^database:/ },
];

/** A CSV field as the File output writes it: empty for none, JSON for objects and lists. */
const cell = (value: unknown) =>
	value === null || value === undefined
		? ''
		: typeof value === 'object'
			? JSON.stringify(value)
			: String(value as string);

describe("Data Extraction Output File in a real n8n, read back by n8n's own nodes", () => {
	const e2e = useE2e();
	beforeEach(() => e2e.emulator.mark());

	it.each(e2e.state.queue ? QUEUE_MODES : SINGLE_PROCESS_MODES)(
		'binary data mode $mode: the CSV and the gzipped NDJSON hold every record the service holds, each once',
		async ({ env, stored }) => {
			const run = await e2e.runCli('dataExtractionFileOutput', env);
			expect(run.error).toBeUndefined();
			expect(run.status).toBe('success');
			const api = await e2e.emulator.apiRequests();
			// What the service holds now (other files may have added or deleted a few): one page, read after the run.
			const page = (await e2e.emulator.extractionGet('/v1/time-registrations?ChunkLimit=10000')) as
				| { data?: Row[] }
				| Row[];
			const records = Array.isArray(page) ? page : (page.data ?? []);
			const ids = records.map((r) => String(r.id));
			expect(records.length).toBeGreaterThanOrEqual(E2E_TIME_REGISTRATIONS - 5);
			expect(new Set(ids).size).toBe(ids.length);
			const modified = records
				.map((r) => r.modifiedDateTime)
				.filter((t): t is string => typeof t === 'string')
				.sort((a, b) => Date.parse(a) - Date.parse(b));
			const span = { firstModified: modified[0], lastModified: modified[modified.length - 1] };
			const deletedRecords = records.filter((r) => r.isDeleted === true).length;

			// CSV: the summary item, its file, and the rows n8n's Extract From File (CSV) reads out of it.
			const [csvSummary] = run.json('Time Registrations CSV');
			const csvFile = binaryOf(run, 'Time Registrations CSV', 'data');
			expect(csvFile).toMatchObject({
				fileName: 'time-registrations_all.csv',
				mimeType: 'text/csv',
				fileExtension: 'csv',
			});
			expectStored(csvFile, stored);
			expect(csvSummary).toEqual({
				records: records.length,
				deletedRecords,
				pages: Math.ceil(records.length / CSV_CHUNK),
				bytes: csvFile.bytes,
				uncompressedBytes: csvFile.bytes,
				...span,
				format: 'csv',
				compressed: false,
			});
			const rows = run.json('CSV Rows');
			expect(rows.map((r) => r.id)).toEqual(ids);
			// Columns: the keys of the first page's records in order of appearance, then "_extra" for keys seen later.
			const columns = [...new Set(records.slice(0, CSV_CHUNK).flatMap((r) => Object.keys(r)))];
			expect(Object.keys(rows[0])).toEqual([...columns, '_extra']);
			rows.forEach((row, i) => {
				const record = records[i];
				const later = Object.keys(record).filter((key) => !columns.includes(key));
				const extra = later.length
					? JSON.stringify(Object.fromEntries(later.map((key) => [key, record[key]])))
					: '';
				expect(row).toEqual({
					...Object.fromEntries(columns.map((key) => [key, cell(record[key])])),
					_extra: extra,
				});
			});

			// NDJSON, gzipped: n8n's Compression node unpacks it, Extract From File (text) gives the text, the test reads the lines.
			const [ndjsonSummary] = run.json('Time Registrations NDJSON Gzip');
			const gzFile = binaryOf(run, 'Time Registrations NDJSON Gzip', 'records');
			expect(gzFile).toMatchObject({
				fileName: 'time-registrations_all.ndjson.gz',
				mimeType: 'application/gzip',
				fileExtension: 'gz',
			});
			expectStored(gzFile, stored);
			const unpacked = binaryOf(run, 'Decompress', 'file_0');
			expect(unpacked.fileName).toBe('time-registrations_all.ndjson');
			expectStored(unpacked, stored);
			const [{ text }] = run.json('NDJSON Text');
			expect(typeof text).toBe('string');
			const ndjson = String(text);
			expect(ndjson.endsWith('\n')).toBe(true);
			const lines = ndjson
				.slice(0, -1)
				.split('\n')
				.map((line) => JSON.parse(line) as Row);
			// Record for record, in the service's order: the file holds them exactly as the service sent them.
			expect(lines).toEqual(records);
			expect(ndjsonSummary).toEqual({
				records: records.length,
				deletedRecords,
				pages: Math.ceil(records.length / NDJSON_CHUNK),
				bytes: gzFile.bytes,
				uncompressedBytes: Buffer.byteLength(ndjson),
				...span,
				format: 'ndjson',
				compressed: true,
			});
			expect(unpacked.bytes).toBe(Buffer.byteLength(ndjson));
			// Gzip of JSON text shrinks it several times over.
			expect(gzFile.bytes).toBeGreaterThan(0);
			expect(gzFile.bytes!).toBeLessThan(Buffer.byteLength(ndjson) / 3);

			// Page by page through the service: each node's pages once, at its chunk limit, no page twice.
			expect(
				api.every(
					(r) =>
						r.api === 'extraction' &&
						r.method === 'GET' &&
						r.path === '/v1/time-registrations' &&
						r.status === 200,
				),
			).toBe(true);
			const byChunk = (limit: number) =>
				api.filter((r) => r.query.ChunkLimit?.[0] === String(limit));
			expect(byChunk(CSV_CHUNK)).toHaveLength(Math.ceil(records.length / CSV_CHUNK));
			expect(byChunk(NDJSON_CHUNK)).toHaveLength(Math.ceil(records.length / NDJSON_CHUNK));
			expect(api).toHaveLength(byChunk(CSV_CHUNK).length + byChunk(NDJSON_CHUNK).length);
		},
		// An `n8n execute` of its own (a fresh n8n, up to 180 s on a busy machine) and the checks after it.
		300_000,
	);
});

/** The binary property `property` of a node's first output item, as the run data holds it. */
function binaryOf(run: Execution, node: string, property: string): Binary {
	const item = run.runData[node]?.[0]?.data?.main?.[0]?.[0] as
		| { binary?: Record<string, Binary> }
		| undefined;
	const binary = item?.binary?.[property];
	if (!binary)
		throw new Error(
			`${node}: no binary "${property}" in its first item (has: ${Object.keys(item?.binary ?? {}).join(', ') || 'none'})`,
		);
	return binary;
}

/** Where n8n kept the file: in a store, named by its id (`filesystem-v2:...`, `database:...`), or in memory, base64 in the item. */
function expectStored(binary: Binary, stored: RegExp | undefined) {
	if (stored) {
		expect(binary.id).toMatch(stored);
		// Not the bytes: n8n leaves at most the mode's name in `data` of a stored file.
		expect(String(binary.data ?? '').length).toBeLessThan(64);
	} else {
		expect(binary.id).toBeUndefined();
		expect(Buffer.from(String(binary.data), 'base64').length).toBe(binary.bytes);
	}
}
