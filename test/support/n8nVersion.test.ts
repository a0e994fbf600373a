import { atLeastVersion } from './n8nVersion';

/** Which branch of test/e2e/toolMode.e2e.ts runs on an n8n rests on this comparison. */
describe('atLeastVersion', () => {
	it.each([
		['2.41.1', '2.41.1', true],
		['2.41.2', '2.41.1', true],
		['2.42.0', '2.41.1', true],
		['3.0.0', '2.41.1', true],
		['2.3.6', '2.41.1', false],
		['1.123.81', '2.41.1', false],
		['2.41.0', '2.41.1', false],
	])('%s is at least %s: %s', (version, minimum, expected) => {
		expect(atLeastVersion(version, minimum)).toBe(expected);
	});

	it('refuses what is not a version', () => {
		expect(() => atLeastVersion('latest', '2.41.1')).toThrow('"latest" is not an n8n version');
		expect(() => atLeastVersion('2.41.1-rc.1', '2.41.1')).toThrow('not an n8n version');
	});
});
