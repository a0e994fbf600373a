/**
 * Queue-mode end-to-end suite (`npm run test:e2e:queue`, scripts/test-e2e-queue.sh): every e2e case
 * of test/e2e plus the queue-only cases of test/e2e/queue, against n8n in queue mode (one main, two
 * workers, Postgres, Redis) that the script started. Manual runs go through the main's REST API and
 * execute on the workers.
 * @type {import('jest').Config}
 */
module.exports = {
	testEnvironment: 'node',
	rootDir: '.',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.ts'],
	// The installer's lifecycle starts a single n8n of its own, and the browser test only proves
	// the editor and takes screenshots: the e2e suite runs both once already.
	testPathIgnorePatterns: [
		'/node_modules/',
		'<rootDir>/test/e2e/installerLifecycle.e2e.ts',
		'<rootDir>/test/e2e/browser.e2e.ts',
		'<rootDir>/test/e2e/browserResume.e2e.ts',
		// n8n's own nodes run in-process through n8n-core: nothing of queue mode in them.
		'<rootDir>/test/e2e/engine/',
		// The sandbox's own Postgres; the queue stack's warehouse runs test/e2e/queue/warehouseSync.e2e.ts.
		'<rootDir>/test/e2e/sandboxWarehouse.e2e.ts',
		// A held memory is for one n8n process tree; the sandbox's warehouse Postgres is the
		// single-process suite's (the queue stack's warehouse runs warehouseSync.e2e.ts).
		'<rootDir>/test/e2e/smallInstance.e2e.ts',
		'<rootDir>/test/e2e/warehouseBackfill.e2e.ts',
	],
	transform: {
		'^.+\\.ts$': ['ts-jest', { diagnostics: false }],
	},
	setupFiles: ['<rootDir>/test/e2e/support/jestSetup.ts'],
	globalSetup: '<rootDir>/test/e2e/queue/globalSetup.ts',
	testTimeout: 180_000,
	maxWorkers: 1,
	verbose: true,
};
