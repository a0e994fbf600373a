import { plural } from '../../../nodes/shared/plural';

describe('plural', () => {
	it('spells one without an s and every other count with one', () => {
		expect([0, 1, 2].map((n) => plural(n, 'page'))).toEqual(['0 pages', '1 page', '2 pages']);
	});
});
