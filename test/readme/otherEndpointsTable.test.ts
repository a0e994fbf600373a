import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	EXTRACTION_ENDPOINTS,
	type ExtractionEndpoint,
} from '../../nodes/shared/extraction/endpoints';

/** docs/bulk-extraction.md's table of the other extraction endpoints says what the node's endpoint table says, row for row. */
describe('docs/bulk-extraction.md Other extraction endpoints table', () => {
	const readme = readFileSync(join(__dirname, '..', '..', 'docs', 'bulk-extraction.md'), 'utf8');
	const start = readme.indexOf('## Other extraction endpoints');
	const end = readme.indexOf('\n## ', start + 5);
	const section = readme.slice(start, end < 0 ? undefined : end);
	const rows = section
		.split('\n')
		.filter((line) => line.startsWith('| ') && !/^\|\s*-/.test(line))
		.map((line) =>
			line
				.split('|')
				.slice(1, -1)
				.map((c) => c.trim()),
		)
		.filter((cells) => cells[0] !== 'Endpoint');

	const windowText = (e: ExtractionEndpoint) =>
		typeof e.window === 'object'
			? `on ${e.window.date}${e.maxWindowDays ? `; at most ${e.maxWindowDays} days, needed in a full load` : ''}`
			: e.window === 'ignored'
				? 'ignored by the service: refused'
				: 'none (no date): refused';
	const deletionText = {
		tombstone: 'tombstone',
		lastVersion: 'last version',
		fullRecord: 'full record',
	};

	it('lists every endpoint of the table with its date window and deletion shape, and nothing else', () => {
		expect(start).toBeGreaterThan(0);
		const expected = EXTRACTION_ENDPOINTS.map((e) => [
			e.name,
			`\`${e.path}\``,
			windowText(e),
			deletionText[e.deletion],
		]);
		expect([...rows].sort()).toEqual([...expected].sort());
	});
});
