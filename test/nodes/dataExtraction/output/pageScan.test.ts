import type { IDataObject } from 'n8n-workflow';

import {
	FileSummary,
	SUMMARY_FIELDS,
} from '../../../../nodes/Workforce/resources/dataExtraction/output/summary';
import { scanPage } from '../../../../nodes/Workforce/resources/dataExtraction/output/pageScan';
import {
	PageBytes,
	type Chunk,
} from '../../../../nodes/Workforce/resources/dataExtraction/output/fileDecoder';
import { rng } from '../../../support/soak';

const scan = (text: string | Buffer) =>
	scanPage(
		new PageBytes(Buffer.from(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'))),
		SUMMARY_FIELDS,
	);
const linesOf = (chunk: Chunk) =>
	Buffer.from(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk.bytes)).toString('utf8');
const parsedLines = (text: string) =>
	text
		.slice(0, -1)
		.split('\n')
		.map((line) => JSON.parse(line) as unknown);
const tail = { meta: { pageNumber: 2, chunkLimit: 3 }, continuationToken: 'abc' };
const withoutData = (page: IDataObject) =>
	Object.fromEntries(Object.entries(page).filter(([key]) => key !== 'data'));

describe('Extraction page scan (File output in NDJSON): records located in the bytes, never parsed', () => {
	it('a compact page: the lines are the records as the service wrote them, and the envelope is parsed', () => {
		const page = {
			data: [
				{ id: 'a', qty: 1 },
				{ id: 'b', tags: ['x'], nested: { k: [{ n: 1 }, { n: 2 }] } },
				{ id: 'c', text: 'æøå "quoted" \\ back },{ odd' },
			],
			...tail,
		};
		const scanned = scan(JSON.stringify(page))!;
		expect(scanned.count).toBe(3);
		expect(scanned.envelope).toEqual(tail);
		expect(linesOf(scanned.takeLines(3))).toBe(
			page.data.map((r) => JSON.stringify(r) + '\n').join(''),
		);
	});

	it('keeps the numbers as written: 4.50 stays 4.50 and parses to the value item mode has', () => {
		const text =
			'{"data":[{"id":"a","qty":4.50},{"id":"b","qty":-1.25E+2}],"continuationToken":"t"}';
		const lines = linesOf(scan(text)!.takeLines(2));
		expect(lines).toBe('{"id":"a","qty":4.50}\n{"id":"b","qty":-1.25E+2}\n');
		expect(parsedLines(lines)).toEqual((JSON.parse(text) as IDataObject).data);
	});

	it('whitespace between records (not inside them): the records are copied out, each on its line', () => {
		const text =
			'{ "continuationToken" : "t",\n "data" : [ {"id": "a", "v": [1, 2]} ,\n\t{"id":"b"} ] , "recordCount": 2 }\n';
		const scanned = scan(text)!;
		expect(scanned.envelope).toEqual({ continuationToken: 't', recordCount: 2 });
		expect(linesOf(scanned.takeLines(2))).toBe('{"id": "a", "v": [1, 2]}\n{"id":"b"}\n');
	});

	it('takes the first records only when asked (a Limit); its records still read from their own spans after', () => {
		const page = { data: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], ...tail };
		const scanned = scan(JSON.stringify(page))!;
		expect(scanned.records).toEqual(page.data);
		expect(linesOf(scanned.takeLines(2))).toBe('{"id":"a"}\n{"id":"b"}\n');
		expect(scanned.records).toEqual(page.data);
	});

	it('the envelope is what JSON.parse makes of it: a field named __proto__ stays a field, and of two same-named fields the last wins', () => {
		const text = '{"__proto__":{"polluted":1},"next":"a","data":[{"id":"a"}],"next":"b","1":2}';
		const scanned = scan(text)!;
		expect(Object.getPrototypeOf(scanned.envelope)).toBe(Object.prototype);
		expect(Object.entries(scanned.envelope)).toEqual(
			Object.entries(withoutData(JSON.parse(text) as IDataObject)),
		);
		expect(Object.keys(scanned.envelope)).toEqual(['1', '__proto__', 'next']);
	});

	it('an empty data array is a page of no records', () => {
		const scanned = scan('{"data":[],"continuationToken":""}')!;
		expect(scanned.count).toBe(0);
		expect(scanned.takeLines(0)).toHaveLength(0);
	});

	it('notes the watched fields of each record only (not of nested objects), the last one when a record has two, as JSON.parse does', () => {
		const text =
			'{"data":[{"isDeleted":false,"x":{"isDeleted":true},"isDeleted":true,"modifiedDateTime":"2026-01-02T00:00:00Z"},{"y":[{"isDeleted":true}]}],"continuationToken":"t"}';
		const scanned = scan(text)!;
		const at = (record: number, field: number) => {
			const start = scanned.fieldStart(record, field);
			return start < 0 ? undefined : scanned.bytes.text(start, scanned.fieldEnd(record, field));
		};
		expect(at(0, 0)).toBe('true');
		expect(at(0, 1)).toBe('"2026-01-02T00:00:00Z"');
		expect(at(1, 0)).toBeUndefined();
		expect(at(1, 1)).toBeUndefined();
	});

	const declined: Array<[string, string | Buffer]> = [
		[
			'a pretty-printed page (a record spans lines)',
			JSON.stringify({ data: [{ id: 'a' }, { id: 'b' }], ...tail }, null, 2),
		],
		['a record that is not an object', '{"data":[{"id":"a"},5],"continuationToken":"t"}'],
		['no data field', '{"continuationToken":"t"}'],
		['an empty object', '{}'],
		['data that is not an array', '{"data":{"id":"a"}}'],
		['two data fields', '{"data":[{"id":"a"}],"data":[{"id":"b"}]}'],
		['a top-level key written with an escape (it may be data)', '{"d\\u0061ta":[{"id":"a"}]}'],
		[
			'a record key written with an escape (it may be a watched field)',
			'{"data":[{"is\\u0044eleted":true}]}',
		],
		[
			'a byte order mark',
			Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"data":[]}')]),
		],
		[
			'invalid UTF-8: a stray continuation byte',
			Buffer.concat([Buffer.from('{"data":[{"n":"a'), Buffer.from([0x80]), Buffer.from('"}]}')]),
		],
		[
			'invalid UTF-8: an overlong form',
			Buffer.concat([
				Buffer.from('{"data":[{"n":"'),
				Buffer.from([0xc0, 0xaf]),
				Buffer.from('"}]}'),
			]),
		],
		[
			'invalid UTF-8: a surrogate',
			Buffer.concat([
				Buffer.from('{"data":[{"n":"'),
				Buffer.from([0xed, 0xa0, 0x80]),
				Buffer.from('"}]}'),
			]),
		],
		[
			'invalid UTF-8: cut short',
			Buffer.concat([
				Buffer.from('{"data":[{"n":"'),
				Buffer.from([0xe2, 0x82]),
				Buffer.from('"}]}'),
			]),
		],
		[
			'nesting deeper than the scan follows',
			`{"data":[{"deep":${'['.repeat(600)}${']'.repeat(600)}}]}`,
		],
	];
	for (const [what, text] of declined) {
		it(`declines, so the page is parsed as before: ${what}`, () => {
			expect(scan(text)).toBeUndefined();
		});
	}

	// Each is a valid page but for one flaw: JSON.parse rejects them all, and so must the scan.
	const invalid = [
		'{"data":[{"a":1},]}',
		'{"data":[{"a":1,}]}',
		'{"data":[{"a":01}]}',
		'{"data":[{"a":1.}]}',
		'{"data":[{"a":.5}]}',
		'{"data":[{"a":-}]}',
		'{"data":[{"a":1e}]}',
		'{"data":[{"a":1e+}]}',
		'{"data":[{"a":+1}]}',
		'{"data":[{"a":"tab\there"}]}',
		'{"data":[{"a":"\\x"}]}',
		'{"data":[{"a":"\\u12"}]}',
		'{"data":[{"a":"\\u12G4"}]}',
		'{"data":[{"a":"open}]}',
		'{"data":[{"a":1}]} x',
		'{"data":[{"a":1}]}}',
		'{"data":[{"a" 1}]}',
		'{"data":[{"a":tru}]}',
		'{"data":[{"a":nul}]}',
		'{"data":[{"a":NaN}]}',
		"{'data':[]}",
		'{"data":[{"a":1}] /* c */}',
		'{"data":[{"a":[1 2]}]}',
		'{"data":[{"a":{"b"}}]}',
		'{"data":[{"a":[}]}',
		'{"data":[{"a":1}],"next":}',
		'{"data":[{"a":1}]',
		'{"data":[{"a":1}],}',
		'',
	];
	it('rejects what JSON.parse rejects (one flaw each)', () => {
		for (const text of invalid) {
			expect(() => JSON.parse(text) as unknown).toThrow();
			expect([text, scan(text)]).toEqual([text, undefined]);
		}
	});

	it('random byte damage to a page: whatever the scan still takes, JSON.parse takes with the same records and envelope', () => {
		const random = rng(20261124);
		const base = Buffer.from(
			JSON.stringify({
				data: [
					{ id: 'a', n: -12.5e3, ok: true, no: null, s: 'x\\"y\u00e6' },
					{ id: 'b', list: [1, { k: 'v' }], o: {} },
				],
				continuationToken: 't',
				recordCount: 2,
			}),
			'utf8',
		);
		const alphabet = Buffer.from('{}[]",:\\ \n0123456789-+.eEtrufalsn\u00e6', 'utf8');
		let taken = 0;
		for (let n = 0; n < 3000; n++) {
			const bytes = Buffer.from(base);
			const edits = 1 + Math.floor(random() * 2);
			let damaged: Buffer = bytes;
			for (let e = 0; e < edits; e++) {
				const at = Math.floor(random() * damaged.length);
				const byte = alphabet[Math.floor(random() * alphabet.length)];
				const kind = random();
				damaged =
					kind < 0.4
						? Buffer.concat([damaged.subarray(0, at), damaged.subarray(at + 1)])
						: kind < 0.7
							? Buffer.concat([damaged.subarray(0, at), Buffer.from([byte]), damaged.subarray(at)])
							: Buffer.concat([
									damaged.subarray(0, at),
									Buffer.from([byte]),
									damaged.subarray(at + 1),
								]);
			}
			const scanned = scanPage(new PageBytes(Buffer.from(damaged)), SUMMARY_FIELDS);
			if (scanned === undefined) continue;
			taken++;
			const parsed = JSON.parse(new TextDecoder().decode(damaged)) as IDataObject;
			expect(scanned.envelope).toEqual(withoutData(parsed));
			expect(scanned.count).toBe((parsed.data as unknown[]).length);
			if (scanned.count > 0)
				expect(parsedLines(linesOf(scanned.takeLines(scanned.count)))).toEqual(parsed.data);
		}
		// Not a test that passes by declining everything: damage inside strings and values keeps many pages valid.
		expect(taken).toBeGreaterThan(300);
	});

	it('random pages in many writing styles: compact and spaced ones are taken and give back the records exactly; the summary reads them as from objects', () => {
		const random = rng(7);
		const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
		const scalar = () =>
			pick<unknown>([
				null,
				true,
				false,
				0,
				-1.5,
				2e-7,
				'plain',
				'with },{ and ],"k": inside',
				'a } b',
				'c { d',
				'ütf ✓ 😀',
				'esc "q" \\ \n \u0001',
				12345678901,
				'',
			]);
		const value = (depth: number): unknown => {
			const r = random();
			if (depth > 2 || r < 0.6) return scalar();
			if (r < 0.8) return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1));
			return Object.fromEntries(
				Array.from({ length: Math.floor(random() * 3) }, (_, i) => [`k${i}`, value(depth + 1)]),
			);
		};
		// Times read from their bytes (with and without milliseconds), the same instant in both forms
		// (the first one seen must stay the text), and forms only Date.parse reads (an offset, hour 24).
		const date = () =>
			pick([
				`2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}T10:00:00Z`,
				`2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}T10:00:00.${Math.floor(random() * 10)}00Z`,
				'',
				'not a date',
				5,
				'2026-03-01T00:00:00Z',
				'2026-03-01T00:00:00.000Z',
				'2026-02-28T24:00:00Z',
				'2026-03-01T01:00:00+01:00',
			]);
		for (let n = 0; n < 400; n++) {
			const records = Array.from({ length: Math.floor(random() * 7) }, (_, i) => {
				const record: IDataObject = { id: `r${i}` };
				for (let j = 0; j < Math.floor(random() * 4); j++)
					record[`f${j}`] = value(0) as IDataObject;
				if (random() < 0.5) record.isDeleted = pick([true, false, 'true', 1]);
				for (const field of ['modifiedDateTime', 'parentModifiedDateTime', 'createdDateTime'])
					if (random() < 0.4) record[field] = date();
				return record;
			});
			const envelope: IDataObject =
				random() < 0.8 ? { data: records, ...tail } : { ...tail, data: records };
			if (random() < 0.3) envelope.extra = value(0) as IDataObject;
			const style = pick(['compact', 'spaced', 'pretty']);
			let text =
				style === 'compact'
					? JSON.stringify(envelope)
					: style === 'pretty'
						? JSON.stringify(envelope, null, 1)
						: JSON.stringify(envelope)
								.replace(/,(?=["{[])/g, ', ')
								.replace(/:(?=["{[\d])/g, ': ');
			// An escape the serialiser would not write, in a dating field: the summary must decode it.
			text = text.replace('"2026-03-01T00:00:00Z"', '"2026-03-01T00:00:00\\u005a"');
			const parsed = JSON.parse(text) as IDataObject;
			const scanned = scan(text);
			if (style === 'pretty' && records.length > 0) {
				expect(scanned).toBeUndefined();
				continue;
			}
			expect(scanned).toBeDefined();
			const expected = new FileSummary('ndjson', false);
			expected.addPage(parsed.data as IDataObject[]);
			const got = new FileSummary('ndjson', false);
			got.addScanned(scanned!, scanned!.count);
			expect(got.toJSON(0)).toEqual(expected.toJSON(0));
			expect(scanned!.envelope).toEqual(withoutData(parsed));
			const lines = linesOf(scanned!.takeLines(scanned!.count));
			expect(lines === '' ? [] : parsedLines(lines)).toEqual(parsed.data);
		}
	});
});
