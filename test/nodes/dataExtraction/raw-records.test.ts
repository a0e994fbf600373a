import { rawRecords } from '../../../nodes/Workforce/resources/dataExtraction/output/raw-records';

/** File output writes each record's JSON as the service sent it; these pages check the cutting. */
describe('Output File: cutting the records out of a page as sent', () => {
	const records = [
		{ id: 'a', text: 'braces { } [ ] and "quotes", a \\ backslash, a \n line break', nested: { list: [1, { deep: true }], empty: {} } },
		{ id: 'b', data: [{ not: 'the page data' }], unicode: 'Ærø ✓ \u2028' },
	];

	it('gives exactly the JSON of each record, wherever "data" stands in the envelope', () => {
		for (const page of [
			{ data: records, continuationToken: 'x' },
			{ syncTypeName: 'data', meta: { data: [1, 2] }, links: ['data'], data: records, recordCount: 2 },
		]) {
			const texts = rawRecords(JSON.stringify(page), 2);
			expect(texts).toEqual(records.map((r) => JSON.stringify(r)));
			expect(texts!.map((t) => JSON.parse(t) as unknown)).toEqual(records);
		}
	});

	it('spaces between tokens are kept; a page with line breaks inside records, or a count that differs, is left to JSON.stringify', () => {
		const spaced = '{ "data" : [ { "id" : "a" , "n" : 1 } , {"id":"b"} ] }';
		expect(rawRecords(spaced, 2)).toEqual(['{ "id" : "a" , "n" : 1 }', '{"id":"b"}']);
		expect(rawRecords(JSON.stringify({ data: records }, null, 2), 2)).toBeUndefined();
		// Line breaks between records (not inside one) do no harm.
		expect(rawRecords('{"data":[\n{"id":"a"},\r\n{"id":"b"}\n]}', 2)).toEqual(['{"id":"a"}', '{"id":"b"}']);
		expect(rawRecords(JSON.stringify({ data: records }), 3)).toBeUndefined();
		expect(rawRecords(JSON.stringify({ data: [1, 2] }), 2)).toBeUndefined();
		expect(rawRecords(JSON.stringify({ data: [] }), 0)).toEqual([]);
	});
});
