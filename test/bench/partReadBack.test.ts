import { createRequire } from 'node:module';

import {
	compareParts,
	digestCode,
	ServiceRecords,
	type PartDigest,
	type PartFormat,
} from '../../bench/partReadBack';

/**
 * The File-parts benchmark's read-back check: the Code node's program (run here as n8n's task
 * runner runs it, `require` and `$input` given) and the bench's expectation from the service's
 * records must agree on good parts and disagree when a record is lost, doubled, moved or changed.
 */
const nodeRequire = createRequire(__filename);
const records = Array.from({ length: 7 }, (_, i) => ({
	id: `tr-${i + 1}`,
	hours: 7.5 + i,
	employee: { number: `E${i}` },
	note: i === 3 ? 'line "quoted"\nand a newline' : null,
}));
const service = new ServiceRecords();
for (const record of records) service.add(record);

/** The digest n8n's Code node returns for one part holding `part`, as Extract From File hands it over. */
function codeNode(format: PartFormat, part: Array<Record<string, unknown>>) {
	const input =
		format === 'csv'
			? part.map((r) => ({ json: { ...r, hours: String(r.hours) } }))
			: [{ json: { text: part.map((r) => `${JSON.stringify(r)}\n`).join('') } }];
	const $input = { all: () => input, first: () => input[0] };
	const run = new Function('require', '$input', digestCode(format)) as (
		r: NodeRequire,
		i: typeof $input,
	) => Array<{ json: PartDigest }>;
	return run(nodeRequire, $input)[0].json;
}

const parts = (list: Array<Record<string, unknown>>, size: number) =>
	Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
		list.slice(i * size, i * size + size),
	);

describe.each<PartFormat>(['ndjson', 'ndjsonGzip', 'csv'])(
	'part read-back check (%s)',
	(format) => {
		it('the parts of every record, each once, in order: equal', () => {
			expect(
				compareParts(
					parts(records, 3).map((p) => codeNode(format, p)),
					service,
					format,
				),
			).toMatch(/^7 records: /);
		});

		// Parts of four: records 1-4 and 5-7.
		it.each([
			['a record lost', records.filter((_, i) => i !== 4), /^part 2: firstId tr-6 /],
			[
				'a record doubled',
				[...records.slice(0, 5), records[4], ...records.slice(5)],
				/^part 2: records 4 /,
			],
			[
				'two records swapped inside a part',
				[records[0], records[2], records[1], ...records.slice(3)],
				/^part 1: idsSha256 /,
			],
		])('%s: named', (_, list, message) => {
			expect(
				compareParts(
					parts(list, 4).map((p) => codeNode(format, p)),
					service,
					format,
				),
			).toMatch(message);
		});
	},
);

it('NDJSON: a changed value in a record is named (CSV parts carry text, only their ids are compared)', () => {
	const changed = records.map((r, i) => (i === 5 ? { ...r, hours: 99 } : r));
	expect(
		compareParts(
			parts(changed, 3).map((p) => codeNode('ndjson', p)),
			service,
			'ndjson',
		),
	).toBe(
		'part 2: recordsSha256 ' +
			codeNode('ndjson', changed.slice(3, 6)).recordsSha256 +
			" where the service's records 4-6 give " +
			service.expected(3, 3, 'ndjson').recordsSha256,
	);
});
