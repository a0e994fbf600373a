/*
 * The File output's parts read back by n8n's own nodes, at any volume. A sub-workflow reads one
 * part (Compression for gzip, then Extract From File: text for NDJSON, rows for CSV) and a Code node
 * returns its digest; the parent runs it once per part with Loop Over Items and Execute Workflow.
 * The sub-workflow saves no execution data, so a million records never become run data: the parent
 * keeps one digest per part. The bench computes the same digests from the service's records.
 */
import { createHash } from 'node:crypto';

export type PartFormat = 'ndjson' | 'ndjsonGzip' | 'csv';

/** One part as the Code node sees it, or as the service's records say it must be. */
export interface PartDigest {
	records: number;
	firstId: string | null;
	lastId: string | null;
	/** SHA-256 of the ids in order, each followed by "\n". */
	idsSha256: string;
	/** NDJSON only: SHA-256 of the first 16 bytes of SHA-256 of each record's JSON, in order (CSV turns values into text). */
	recordsSha256: string | null;
}

/** Compact per-record digest: 16 bytes of SHA-256 of the record's JSON (JSON.stringify of the parsed record). */
const recordDigest = (record: unknown) =>
	createHash('sha256').update(JSON.stringify(record)).digest().subarray(0, 16);

/**
 * The Code node's program (n8n's task runner; NODE_FUNCTION_ALLOW_BUILTIN=crypto). Same digest as
 * `ServiceRecords.expected`: kept beside it so the two cannot drift.
 */
export function digestCode(format: PartFormat): string {
	return `// The digest of one part, read by Extract From File: the bench compares it with the service's records.
const crypto = require('crypto');
const ids = crypto.createHash('sha256');
const records = crypto.createHash('sha256');
let count = 0, firstId = null, lastId = null;
const see = (record, whole) => {
	const id = String(record.id);
	if (count === 0) firstId = id;
	lastId = id;
	count++;
	ids.update(id + '\\n');
	if (whole) records.update(crypto.createHash('sha256').update(JSON.stringify(record)).digest().subarray(0, 16));
};
if (${JSON.stringify(format)} === 'csv') {
	for (const item of $input.all()) see(item.json, false);
} else {
	const text = $input.first().json.text;
	for (let at = 0; at < text.length; ) {
		const end = text.indexOf('\\n', at);
		const stop = end < 0 ? text.length : end;
		see(JSON.parse(text.slice(at, stop)), true);
		at = stop + 1;
	}
}
return [{ json: { records: count, firstId, lastId, idsSha256: ids.digest('hex'), recordsSha256: ${JSON.stringify(format)} === 'csv' ? null : records.digest('hex') } }];
`;
}

/** The service's records in order, kept small (5,000,000 records are 7 GB of JSON): ids and 16-byte digests. */
export class ServiceRecords {
	readonly ids: string[] = [];
	private digests = Buffer.alloc(16 * 1024 * 1024);

	add(record: { id: unknown }): void {
		const at = this.ids.length * 16;
		if (at + 16 > this.digests.length) {
			const grown = Buffer.alloc(this.digests.length * 2);
			this.digests.copy(grown);
			this.digests = grown;
		}
		recordDigest(record).copy(this.digests, at);
		this.ids.push(String(record.id));
	}

	/** What the part holding records [from, from + count) must digest to. */
	expected(from: number, count: number, format: PartFormat): PartDigest {
		const ids = createHash('sha256');
		const records = createHash('sha256');
		const end = Math.min(from + count, this.ids.length);
		for (let i = from; i < end; i++) {
			ids.update(`${this.ids[i]}\n`);
			records.update(this.digests.subarray(i * 16, i * 16 + 16));
		}
		return {
			records: end - from,
			firstId: end > from ? this.ids[from] : null,
			lastId: end > from ? this.ids[end - 1] : null,
			idsSha256: ids.digest('hex'),
			recordsSha256: format === 'csv' ? null : records.digest('hex'),
		};
	}
}

/**
 * Compares each part's digest, in order, with the service's records: every record once, in order.
 * Answers what was checked, or the first difference.
 */
export function compareParts(
	digests: PartDigest[],
	service: ServiceRecords,
	format: PartFormat,
): string {
	let at = 0;
	for (const [index, digest] of digests.entries()) {
		const want = service.expected(at, digest.records, format);
		for (const key of Object.keys(want) as Array<keyof PartDigest>)
			if (digest[key] !== want[key])
				return `part ${index + 1}: ${key} ${String(digest[key])} where the service's records ${at + 1}-${at + digest.records} give ${String(want[key])}`;
		at += digest.records;
	}
	if (at !== service.ids.length)
		return `${at} records in ${digests.length} parts where the service has ${service.ids.length}`;
	return format === 'csv'
		? `${at.toLocaleString('en-US')} records: ids each once, in order`
		: `${at.toLocaleString('en-US')} records: each once, in order, equal`;
}

const node = (
	name: string,
	type: string,
	typeVersion: number,
	parameters: Record<string, unknown>,
	x: number,
) => ({
	id: `rb-${name.toLowerCase().replace(/\W+/g, '-')}`,
	name,
	type,
	typeVersion,
	position: [x, 0],
	parameters,
});

/** The sub-workflow that reads one part: what a user would build, saving no execution data. */
export function readPartWorkflow(format: PartFormat): Record<string, unknown> {
	const read =
		format === 'csv'
			? node(
					'Read Part',
					'n8n-nodes-base.extractFromFile',
					1.1,
					{
						operation: 'csv',
						binaryPropertyName: 'data',
						options: { includeEmptyCells: true },
					},
					400,
				)
			: node(
					'Read Part',
					'n8n-nodes-base.extractFromFile',
					1.1,
					{
						operation: 'text',
						binaryPropertyName: format === 'ndjsonGzip' ? 'file_0' : 'data',
						destinationKey: 'text',
						options: { encoding: 'utf8', keepSource: 'json' },
					},
					400,
				);
	const nodes = [
		node(
			'Part In',
			'n8n-nodes-base.executeWorkflowTrigger',
			1.1,
			{ inputSource: 'passthrough' },
			0,
		),
		...(format === 'ndjsonGzip'
			? [
					node(
						'Decompress',
						'n8n-nodes-base.compression',
						1.1,
						{
							operation: 'decompress',
							binaryPropertyName: 'data',
							outputPrefix: 'file_',
						},
						200,
					),
				]
			: []),
		read,
		node('Digest', 'n8n-nodes-base.code', 2, { jsCode: digestCode(format) }, 600),
	];
	const chain = nodes.map((n) => n.name);
	return {
		name: `Bench: read one part (${format})`,
		nodes,
		connections: Object.fromEntries(
			chain
				.slice(0, -1)
				.map((from, i) => [from, { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] }]),
		),
		settings: {
			saveDataSuccessExecution: 'none',
			saveManualExecutions: false,
			callerPolicy: 'workflowsFromSameOwner',
		},
	};
}

/** The parent's nodes after the File output: each part, one at a time, through the sub-workflow. */
export function readBackNodes(subWorkflowId: string) {
	return {
		nodes: [
			node('Each Part', 'n8n-nodes-base.splitInBatches', 3, { batchSize: 1, options: {} }, 400),
			node(
				'Read Back',
				'n8n-nodes-base.executeWorkflow',
				1.3,
				{
					source: 'database',
					workflowId: { __rl: true, mode: 'id', value: subWorkflowId },
					workflowInputs: {
						mappingMode: 'defineBelow',
						value: {},
						matchingColumns: [],
						schema: [],
						attemptToConvertTypes: false,
						convertFieldsToString: true,
					},
					mode: 'once',
					options: { waitForSubWorkflow: true },
				},
				600,
			),
		],
		connections: {
			// Loop Over Items: output 0 is "done", output 1 the next part.
			'Each Part': { main: [[], [{ node: 'Read Back', type: 'main', index: 0 }]] },
			'Read Back': { main: [[{ node: 'Each Part', type: 'main', index: 0 }]] },
		},
	};
}
