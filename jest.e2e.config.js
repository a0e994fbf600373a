/**
 * End-to-end suite (`npm run test:e2e`): a real n8n runs the packed package. The global set-up
 * packs and installs the package, starts the emulator and imports the credential and workflows;
 * files run one at a time because `n8n execute` and `n8n start` share one SQLite database.
 * @type {import('jest').Config}
 */
module.exports = {
	testEnvironment: 'node',
	rootDir: '.',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.ts'],
	// Queue-mode cases need the stack of `npm run test:e2e:queue` (jest.e2e-queue.config.js).
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/queue/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { diagnostics: false }],
	},
	setupFiles: ['<rootDir>/test/e2e/support/jestSetup.ts'],
	globalSetup: '<rootDir>/test/e2e/support/globalSetup.ts',
	globalTeardown: '<rootDir>/test/e2e/support/globalTeardown.ts',
	testTimeout: 180_000,
	maxWorkers: 1,
	verbose: true,
};
