const base = require('./jest.config');

/**
 * The calendar sweep (`npm run test:calendar`, docs/development.md "Calendar sweep"): the
 * date-sensitive cases of test/calendar/ at every instant and zone of test/calendar/instants.ts, in
 * one jest run. Each case stops Date at its instant itself, so the suite's fixed instant is off
 * (WF_TEST_NOW=real) and the table's "real now" row reads the machine's clock. The environment
 * lets a test change the process's TZ (jest hands tests a copy of process.env).
 */
process.env.WF_TEST_NOW = 'real';

/** @type {import('jest').Config} */
module.exports = {
	...base,
	roots: ['<rootDir>/test/calendar'],
	testPathIgnorePatterns: ['/node_modules/'],
	testEnvironment: '<rootDir>/test/calendar/zoneEnvironment.ts',
};
