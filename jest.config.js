/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test', '<rootDir>/nodes', '<rootDir>/credentials'],
	testMatch: ['**/*.test.ts'],
	// test/calendar/ is the calendar sweep, a run of its own (npm run test:calendar, jest.calendar.config.js).
	testPathIgnorePatterns: [
		'/node_modules/',
		'/dist/',
		'<rootDir>/test/e2e/',
		'<rootDir>/test/calendar/',
	],
	transform: {
		'^.+\\.ts$': ['ts-jest', { diagnostics: false }],
	},
	setupFiles: ['<rootDir>/test/support/jestSetup.ts'],
	globalSetup: '<rootDir>/test/support/jestGlobalSetup.ts',
	globalTeardown: '<rootDir>/test/support/jestTeardown.ts',
	// A limit for a test that hangs, not a speed check: generous, so a loaded machine (CI, two
	// CPU burners, parallel workers) never turns a slow pass into a failure.
	testTimeout: 180_000,
	maxWorkers: 2,
};
