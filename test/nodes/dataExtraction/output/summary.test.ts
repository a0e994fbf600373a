import { utcTimeAt } from '../../../../nodes/Workforce/resources/dataExtraction/output/summary';
import { rng } from '../../../support/soak';

/** utcTimeAt over a whole string, as the File summary calls it on a string's content. */
const read = (text: string) => {
	const bytes = Buffer.from(`"${text}"`, 'utf8');
	return utcTimeAt(bytes, 1, bytes.length - 1);
};

describe('A time read from its bytes (File summary): what Date.parse says, or undefined', () => {
	it('reads the service form with and without milliseconds, as Date.parse does', () => {
		expect(read('2025-08-05T08:00:00.000Z')).toBe(Date.parse('2025-08-05T08:00:00.000Z'));
		expect(read('2025-08-05T08:00:00Z')).toBe(Date.parse('2025-08-05T08:00:00Z'));
		expect(read('1999-12-31T23:59:59.999Z')).toBe(Date.UTC(1999, 11, 31, 23, 59, 59, 999));
		// Past the month's end runs on into the next, in both.
		expect(read('2025-02-30T00:00:00Z')).toBe(Date.parse('2025-02-30T00:00:00Z'));
	});

	it('leaves every other form to Date.parse: zones, other precisions, a year before 100, hour 24, second 60, escapes', () => {
		for (const text of [
			'2025-08-05T08:00:00+02:00',
			'2025-08-05T08:00:00.0Z',
			'2025-08-05T08:00:00.000000Z',
			'2025-08-05 08:00:00Z',
			'2025-08-05T08:00Z',
			'2025-08-05',
			'0025-01-01T00:00:00Z',
			'2025-01-01T24:00:00Z',
			'2025-01-01T23:59:60Z',
			'2025-13-01T00:00:00Z',
			'2025-01-00T00:00:00Z',
			'2025-01-32T00:00:00Z',
			'2025-08-05T08:00:00.00zZ',
			'+02025-08-05T08:00:0Z',
			'2025-08-05T08:00:00\\u005a',
			'x025-08-05T08:00:00.000Z',
			'2025-08-05t08:00:00.000Z',
		]) {
			expect({ text, at: read(text) }).toEqual({ text, at: undefined });
		}
	});

	it('never differs from Date.parse: 20,000 strings of the right shape with random digits and separators', () => {
		const random = rng(20261125);
		const digit = () => String(Math.floor(random() * 10));
		const some = (n: number) => Array.from({ length: n }, digit).join('');
		const odd = () => ['-', ':', 'T', 'Z', '.', '/', ' ', 'z', 'x'][Math.floor(random() * 9)];
		let read_ = 0;
		for (let n = 0; n < 20_000; n++) {
			// Mostly plausible values, some digits anywhere, and now and then a wrong separator.
			const year = random() < 0.9 ? String(1900 + Math.floor(random() * 200)) : some(4);
			const part = (max: number) =>
				random() < 0.9 ? String(Math.floor(random() * max)).padStart(2, '0') : some(2);
			const sep = (right: string) => (random() < 0.97 ? right : odd());
			const fraction = random() < 0.5 ? '' : `${sep('.')}${some(3)}`;
			const text = `${year}${sep('-')}${part(13)}${sep('-')}${part(32)}${sep('T')}${part(25)}${sep(':')}${part(60)}${sep(':')}${part(61)}${fraction}${sep('Z')}`;
			const at = read(text);
			if (at === undefined) continue;
			read_++;
			expect({ text, at }).toEqual({ text, at: Date.parse(text) });
		}
		// Most are read from the bytes: the comparison above is not vacuous.
		expect(read_).toBeGreaterThan(10_000);
	});
});
